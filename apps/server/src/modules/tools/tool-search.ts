import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { partNumberKey } from '@voltforge/contract/part-number';
import { defaultToolOrder, type ToolOrder } from '@voltforge/contract/catalog';
import { centsToDollars } from '@voltforge/contract/money';
import type { Tool, ToolCategory, ToolListQuery, ToolSearch } from '@voltforge/contract/tool';
import type { Db, Tx } from '../../db/client.ts';
import type { Page } from '../../paging.ts';
import { partNumberKeySql, tool, toolColumns } from '../../db/schema/tool.ts';
import { containsPattern, toolToJson, type ToolRow } from './tools.service.ts';

/*
 * Catalogue search (docs/architecture.md, "Catalogue search"; decisions 018 and 020).
 * A tool matches typed text when any of these does, each backed by a GIN index:
 *  - its words (full-text, `english` stemmed and `simple` as typed): "multimeters", "crimper";
 *  - its name contains the text as typed, `%`, `_` and `\` being plain characters: "multi";
 *  - its part number contains the text's letters and digits, or is like them: "DM 200", "dm-20O";
 *  - a word of its name is like the text (a typo): "multimter".
 * The text is only ever a bound parameter and goes through plainto_tsquery, which reads no
 * operators, so `&`, `|`, `!` and `:*` are plain text too.
 */

/** The columns of a tool row (`toolColumns`: not the stored words), for the page's tools. */
const pageColumns = sql.join(
  Object.values(toolColumns).map((column) => sql`t.${sql.identifier(column.name)}`),
  sql`, `,
);

/**
 * The typed text in each form the conditions read, worked out once per statement. The
 * conditions read these forms as values known only when the statement runs, so the planner
 * plans every search as a selective one and answers it from the GIN indexes (a BitmapOr of the
 * four); given the text as a constant, it estimated many matches from the statistics and chose
 * to read the whole table, computing the name's trigrams for each tool (decision 020).
 */
function typedForms(text: string): SQL {
  return sql`typed as materialized (
      select ${text}::text as text,
             ${containsPattern(text)}::text as pattern,
             ${partNumberKeySql(sql`${text}::text`)} as key,
             (plainto_tsquery('english'::regconfig, ${text}) || plainto_tsquery('simple'::regconfig, ${text})) as words
    )`;
}

/** One form of the typed text (`typedForms`), as a value of the statement. */
const typed = (form: 'text' | 'pattern' | 'key' | 'words') =>
  sql.raw(`(select ${form} from typed)`);

/**
 * Tools whose part number is typed `key`, or close to it: the stored key ("dm 200" is "dm200")
 * contains the text's key, or shares most of its trigrams (pg_trgm's `%`, similarity 0.3 or
 * more). The catalogue search and the quick order's "Did you mean" both use it.
 */
function partNumberMatches(key: SQL): SQL {
  // An empty key (the text has no letter or digit) makes a null pattern: no match, not every tool.
  return sql`(${tool.partNumberKey} like ('%' || nullif(${key}, '') || '%') or ${tool.partNumberKey} % ${key})`;
}

/** How close a part number is to typed text: exact first, then containing it, then similarity. */
function partNumberCloseness(key: SQL): SQL {
  return sql`(case when ${tool.partNumberKey} = ${key} then 2 when ${tool.partNumberKey} like ('%' || nullif(${key}, '') || '%') then 1 else 0 end + similarity(${tool.partNumberKey}, ${key}))`;
}

// The cheap conditions first: a row one of them matches is not compared by trigrams.
const matches = sql`(${tool.searchDocument} @@ ${typed('words')}
    or ${tool.name} ilike ${typed('pattern')}
    or ${partNumberMatches(typed('key'))}
    or ${typed('text')} <% ${tool.name})`;

/**
 * Best match first: the weighted word rank (a word of the name counts most, then the category,
 * then the description), how close the part number is, and how close a word of the name is.
 */
const rank = sql`(ts_rank(${tool.searchDocument}, ${typed('words')})
    + ${partNumberCloseness(typed('key'))}
    + word_similarity(${typed('text')}, ${tool.name}))`;

// Ties are broken by id so that pages never repeat or skip a tool.
const orderings: Record<ToolOrder, SQL> = {
  relevance: sql`search_rank desc, name asc, id asc`,
  price_asc: sql`price_cents asc, id asc`,
  price_desc: sql`price_cents desc, id asc`,
  name: sql`name asc, id asc`,
  newest: sql`created_at desc, id desc`,
};

/**
 * The total and the filters' counts, in one pass over the matched tools (and one more for the
 * categories); each count applies every filter but its own: a category's count is what picking
 * that category would show.
 */
function totals(category: SQL, stock: SQL, price: SQL, withFacets: boolean): SQL {
  const total = sql`count(*) filter (where ${category} and ${stock} and ${price})::int as total_count`;
  if (!withFacets) return sql`select ${total} from matched`;
  return sql`select ${total},
      (select coalesce(json_agg(json_build_object('category', category, 'count', n) order by category), '[]'::json)
         from (select category, count(*)::int as n from matched where ${stock} and ${price} group by category) c)
        as category_counts,
      count(*) filter (where ${category} and ${price} and in_stock > 0)::int as in_stock_count,
      min(price_cents) filter (where ${category} and ${stock}) as min_price_cents,
      max(price_cents) filter (where ${category} and ${stock}) as max_price_cents
      from matched`;
}

/**
 * The whole answer in one statement (one round trip): the search, the filters, one page in its
 * order, the total and the facets. The matches carry only what the filters, the facets and the
 * order read; the page's tools are read whole, by id, once the page is known. Without `facets`
 * (GET /api/tool, which has no use for them) only the total is counted. Exported for the
 * index-use test.
 */
export function toolSearchStatement(query: ToolListQuery, { facets = true } = {}): SQL {
  const order = orderings[query.sort ?? defaultToolOrder(query.search)];
  const category = query.category ? sql`category = ${query.category}` : sql`true`;
  const stock = query.inStock ? sql`in_stock > 0` : sql`true`;
  const price = sql`${query.minPrice === undefined ? sql`true` : sql`price_cents >= ${query.minPrice}`} and ${query.maxPrice === undefined ? sql`true` : sql`price_cents <= ${query.maxPrice}`}`;
  return sql`
    with ${query.search ? sql`${typedForms(query.search)},` : sql``}
    matched as materialized (
      select ${tool.id}, ${tool.name}, ${tool.category}, ${tool.priceCents}, ${tool.inStock}, ${tool.createdAt},
             ${query.search ? rank : sql`0`} as search_rank
        from ${tool}
       where ${tool.archivedAt} is null ${query.search ? sql`and ${matches}` : sql``}
    ),
    facets as (${totals(category, stock, price, facets)})
    select facets.*, page.*
      from facets
      left join lateral (
        select ${pageColumns}, p.position
          from (select id, row_number() over (order by ${order}) as position
                  from (select * from matched where ${category} and ${stock} and ${price}
                         order by ${order}
                         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) top) p
          join ${tool} t on t.id = p.id
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
  backorderable: boolean;
  lead_time_weeks: number | null;
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
    backorderable: r.backorderable,
    leadTimeWeeks: r.lead_time_weeks,
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
 * For each typed part number (each line of a quick order nobody sells), the nearest three for
 * sale, by the same part-number match as the catalogue search ("Did you mean …?"): one statement
 * for all of them, each line a lookup in the part-number key's trigram index. Exported for the
 * index-use test.
 */
export function closestPartNumbersStatement(wanted: readonly string[]): SQL {
  const key = partNumberKeySql(sql`w.typed`);
  return sql`
    select w.typed, near.part_number
      from jsonb_array_elements_text(${JSON.stringify([...new Set(wanted)])}::jsonb) as w(typed)
      cross join lateral (
        select ${tool.partNumber} as part_number, ${partNumberCloseness(key)} as closeness
          from ${tool}
         where ${tool.archivedAt} is null and ${partNumberMatches(key)}
         order by closeness desc, part_number asc
         limit 3
      ) near
     order by w.typed, near.closeness desc, near.part_number asc`;
}

/** The nearest three part numbers for sale to each of `wanted` (`closestPartNumbersStatement`). */
export async function closestPartNumbers(
  db: Db | Tx,
  wanted: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(wanted.map((w) => [w, []]));
  if (wanted.length === 0) return found;
  const result = (await db.execute<Suggestion>(
    closestPartNumbersStatement(wanted),
  )) as Rows<Suggestion>;
  for (const row of result.rows) found.get(row.typed)?.push(row.part_number);
  return found;
}

/**
 * The tools for sale that `partNumbers` name, by part-number key (contract `partNumberKey`: case
 * and edge spaces do not matter), in one query; a part naming none is absent. What quick order and
 * projects match a typed part number with.
 */
export async function toolsByPartNumber(
  db: Db | Tx,
  partNumbers: readonly string[],
): Promise<Map<string, ToolRow>> {
  const keys = [...new Set(partNumbers.map(partNumberKey).filter((key) => key !== ''))];
  const rows =
    keys.length === 0
      ? []
      : await db
          .select(toolColumns)
          .from(tool)
          .where(and(isNull(tool.archivedAt), inArray(sql`lower(${tool.partNumber})`, keys)));
  return new Map(rows.map((row) => [partNumberKey(row.partNumber), row]));
}
