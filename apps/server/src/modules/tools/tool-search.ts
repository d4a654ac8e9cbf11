import { sql, type SQL } from 'drizzle-orm';
import { defaultToolOrder, type ToolOrder } from '@voltforge/contract/catalog';
import { centsToDollars } from '@voltforge/contract/money';
import type { Tool, ToolCategory, ToolListQuery, ToolSearch } from '@voltforge/contract/tool';
import type { Db, Tx } from '../../db/client.ts';
import type { Page } from '../../paging.ts';
import { partNumberKeySql, tool, toolDocument } from '../../db/schema/tool.ts';
import { containsPattern, toolToJson, type ToolRow } from './tools.service.ts';

/*
 * Catalogue search (docs/architecture.md, "Catalogue search"; docs/decisions/018-catalogue-search.md).
 * A tool matches typed text when any of these does, each backed by a GIN index:
 *  - its words (full-text, `english` stemmed and `simple` as typed): "multimeters", "crimper";
 *  - its name contains the text as typed, `%`, `_` and `\` being plain characters: "multi";
 *  - its part number contains the text's letters and digits, or is like them: "DM 200", "dm-20O";
 *  - a word of its name is like the text (a typo): "multimter".
 * The text is only ever a bound parameter and goes through plainto_tsquery, which reads no
 * operators, so `&`, `|`, `!` and `:*` are plain text too.
 */

const partKey = partNumberKeySql(tool.partNumber);

/** The text's words in both configurations: a tool matches if either finds all its words. */
function textQuery(text: string): SQL {
  return sql`(plainto_tsquery('english'::regconfig, ${text}) || plainto_tsquery('simple'::regconfig, ${text}))`;
}

/**
 * Tools whose part number is typed `text`, or close to it: the comparison key ("dm 200" is
 * "dm200") contains the text's key, or shares most of its trigrams (pg_trgm's `%`, similarity
 * 0.3 or more). The catalogue search and the quick order's "Did you mean" both use it.
 */
function partNumberMatches(text: SQL): SQL {
  const key = partNumberKeySql(text);
  // An empty key (the text has no letter or digit) makes a null pattern: no match, not every tool.
  return sql`(${partKey} like ('%' || nullif(${key}, '') || '%') or ${partKey} % ${key})`;
}

/** How close a part number is to typed text: exact first, then containing it, then similarity. */
function partNumberCloseness(text: SQL): SQL {
  const key = partNumberKeySql(text);
  return sql`(case when ${partKey} = ${key} then 2 when ${partKey} like ('%' || nullif(${key}, '') || '%') then 1 else 0 end + similarity(${partKey}, ${key}))`;
}

function matches(text: string): SQL {
  return sql`(${toolDocument(tool)} @@ ${textQuery(text)}
    or ${tool.name} ilike ${containsPattern(text)}
    or ${partNumberMatches(sql`${text}::text`)}
    or ${text}::text <% ${tool.name})`;
}

/**
 * Best match first: the weighted word rank (a word of the name counts most, then the category,
 * then the description), how close the part number is, and how close a word of the name is.
 */
function rank(text: string): SQL {
  return sql`(ts_rank(${toolDocument(tool)}, ${textQuery(text)})
    + ${partNumberCloseness(sql`${text}::text`)}
    + word_similarity(${text}::text, ${tool.name}))`;
}

// Ties are broken by id so that pages never repeat or skip a tool.
const orderings: Record<ToolOrder, SQL> = {
  relevance: sql`search_rank desc, name asc, id asc`,
  price_asc: sql`price_cents asc, id asc`,
  price_desc: sql`price_cents desc, id asc`,
  name: sql`name asc, id asc`,
  newest: sql`created_at desc, id desc`,
};

/**
 * The filters' counts over the matched tools, each applying every filter but its own: a
 * category's count is what picking that category would show.
 */
function facetCounts(category: SQL, stock: SQL, price: SQL): SQL {
  return sql`
    (select coalesce(json_agg(json_build_object('category', category, 'count', n) order by category), '[]'::json)
       from (select category, count(*)::int as n from matched where ${stock} and ${price} group by category) c)
      as category_counts,
    (select count(*)::int from matched where ${category} and ${price} and in_stock > 0) as in_stock_count,
    (select min(price_cents) from matched where ${category} and ${stock}) as min_price_cents,
    (select max(price_cents) from matched where ${category} and ${stock}) as max_price_cents`;
}

/**
 * The whole answer in one statement (one round trip): the search, the filters, one page in its
 * order, the total and the facets. Without `facets` (GET /api/tool, which has no use for them)
 * only the total is counted. Exported for the index-use test.
 */
export function toolSearchStatement(query: ToolListQuery, { facets = true } = {}): SQL {
  const order = query.sort ?? defaultToolOrder(query.search);
  const category = query.category ? sql`category = ${query.category}` : sql`true`;
  const stock = query.inStock ? sql`in_stock > 0` : sql`true`;
  const price = sql`${query.minPrice === undefined ? sql`true` : sql`price_cents >= ${query.minPrice}`} and ${query.maxPrice === undefined ? sql`true` : sql`price_cents <= ${query.maxPrice}`}`;
  return sql`
    with matched as materialized (
      select ${tool}.*, ${query.search ? rank(query.search) : sql`0`} as search_rank
        from ${tool}
       where ${tool.archivedAt} is null ${query.search ? sql`and ${matches(query.search)}` : sql``}
    ),
    filtered as (select * from matched where ${category} and ${stock} and ${price}),
    facets as (
      select
        (select count(*)::int from filtered) as total_count${facets ? sql`,${facetCounts(category, stock, price)}` : sql``}
    )
    select facets.*, page.*
      from facets
      left join lateral (
        select *, row_number() over (order by ${orderings[order]}) as position
          from filtered
         order by ${orderings[order]}
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) page on true
     order by page.position`;
}

/** What `db.execute` answers on both drivers (PGlite's results, node-postgres's QueryResult). */
interface Rows<T> {
  rows: T[];
}

// Type aliases, not interfaces: db.execute wants a row type assignable to Record<string, unknown>.
type Suggestion = {
  typed: string;
  part_number: string;
};

/**
 * A row as the statement returns it: the total and the facets (when asked for), and the tool's
 * columns when the page has one.
 */
type SearchRow = {
  total_count: number;
  category_counts: ToolCategory[];
  in_stock_count: number;
  min_price_cents: number | null;
  max_price_cents: number | null;
  id: string | null;
  name: string;
  part_number: string;
  description: string;
  image_url: string;
  category: string;
  price_cents: number;
  min_order_quantity: number;
  order_multiple: number;
  price_breaks: ToolRow['priceBreaks'];
  in_stock: number;
  low_stock_threshold: number | null;
  low_stock_notified_at: Date | string | null;
  created_at: Date | string;
  archived_at: Date | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function rowOf(r: SearchRow & { id: string }): ToolRow {
  return {
    id: r.id,
    name: r.name,
    partNumber: r.part_number,
    description: r.description,
    imageUrl: r.image_url,
    category: r.category,
    priceCents: Number(r.price_cents),
    minOrderQuantity: Number(r.min_order_quantity),
    orderMultiple: Number(r.order_multiple),
    priceBreaks: r.price_breaks,
    inStock: Number(r.in_stock),
    lowStockThreshold: r.low_stock_threshold,
    lowStockNotifiedAt: r.low_stock_notified_at === null ? null : date(r.low_stock_notified_at),
    createdAt: date(r.created_at),
    archivedAt: r.archived_at === null ? null : date(r.archived_at),
  };
}

async function runSearch(db: Db | Tx, statement: SQL) {
  const result = (await db.execute<SearchRow>(statement)) as Rows<SearchRow>;
  const [first] = result.rows;
  if (!first) throw new Error('the tool search returned no totals row');
  const items = result.rows
    .filter((r): r is SearchRow & { id: string } => r.id !== null)
    .map((r) => toolToJson(rowOf(r)));
  return { first, items, total: Number(first.total_count) };
}

/** Tools for sale matching the query: one page, the total, and the filters' counts. */
export async function searchTools(db: Db | Tx, query: ToolListQuery): Promise<ToolSearch> {
  const { first, items, total } = await runSearch(db, toolSearchStatement(query));
  const low = first.min_price_cents;
  const high = first.max_price_cents;
  return {
    items,
    total,
    facets: {
      categories: first.category_counts,
      inStock: Number(first.in_stock_count),
      price:
        low === null || high === null
          ? null
          : { min: centsToDollars(Number(low)), max: centsToDollars(Number(high)) },
    },
  };
}

/** GET /api/tool: one page of the search and its total (the facets are for /api/tool/search). */
export async function listTools(db: Db | Tx, query: ToolListQuery): Promise<Page<Tool>> {
  const { items, total } = await runSearch(db, toolSearchStatement(query, { facets: false }));
  return { items, total };
}

/**
 * For each typed part number nobody sells, the nearest three for sale, by the same part-number
 * match as the catalogue search ("Did you mean …?"). One statement for all of them.
 */
export async function closestPartNumbers(
  db: Db | Tx,
  wanted: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(wanted.map((w) => [w, []]));
  if (wanted.length === 0) return found;
  const typed = sql`w.typed`;
  const result = (await db.execute<Suggestion>(sql`
    select w.typed, near.part_number
      from jsonb_array_elements_text(${JSON.stringify([...new Set(wanted)])}::jsonb) as w(typed)
      cross join lateral (
        select ${tool.partNumber} as part_number, ${partNumberCloseness(typed)} as closeness
          from ${tool}
         where ${tool.archivedAt} is null and ${partNumberMatches(typed)}
         order by closeness desc, part_number asc
         limit 3
      ) near
     order by w.typed, near.closeness desc, near.part_number asc`)) as Rows<Suggestion>;
  for (const row of result.rows) found.get(row.typed)?.push(row.part_number);
  return found;
}
