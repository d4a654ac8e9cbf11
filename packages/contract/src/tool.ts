import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_CATEGORY_LENGTH,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PRICE_FILTER_PATTERN,
  toolSorts,
} from './catalog.ts';
import { queryWholeNumber } from './query-params.ts';

/**
 * A tool as the API returns it: the field names the shop's clients have always used (`_id`, `img`,
 * `desc`…), `price` in dollars converted from integer cents at the edge (docs/architecture.md, Data).
 */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The part number (SKU), e.g. VF-DM200. */
  partNumber: z.string(),
  img: z.string(),
  price: z.number(),
  minOrderQuantity: z.number().int(),
  /** Only multiples of this can be ordered (a reel of 1,000, a box of 10); 1 for any quantity. */
  orderMultiple: z.number().int(),
  /** Lower unit prices from a quantity on, beyond `price` at the minimum (see pricing.ts). */
  priceBreaks: z.array(z.object({ quantity: z.number().int(), price: z.number() })),
  inStock: z.number().int(),
  /**
   * Sold beyond its stock, against the incoming batches and the lead time in weeks
   * (docs/payments.md, "Back-orders"); absent from older answers: false.
   */
  backorderable: z.boolean().optional(),
  leadTimeWeeks: z.number().int().nullable().optional(),
  desc: z.string(),
  category: z.string(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.array(toolSchema);

/** GET /api/tool/:id — any string is accepted here; an id that is not a tool's is a 404. */
export const toolIdParamsSchema = z.object({ id: z.string() });
export type ToolIdParams = z.infer<typeof toolIdParamsSchema>;

export const toolListMessages = {
  search: `must be at most ${MAX_SEARCH_LENGTH} characters`,
  category: `must be at most ${MAX_CATEGORY_LENGTH} characters`,
  sort: `must be one of: ${toolSorts.join(', ')}`,
  inStock: 'must be true or false',
  price: 'must be an amount in dollars, e.g. 25 or 19.99',
  priceOrder: 'must not be below minPrice',
  page: `must be a whole number from 1 to ${MAX_PAGE}`,
  pageSize: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  single: 'must be given at most once',
} as const;

/** Query strings arrive as strings; a repeated parameter arrives as an array and is refused. */
const singleText = (max: number, message: string) =>
  z
    .string({ error: toolListMessages.single })
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? undefined : value));

/** A price bound in dollars (cents at most), as cents; a catalogue price is far below a million. */
const queryPrice = z
  .string({ error: toolListMessages.price })
  .trim()
  .regex(PRICE_FILTER_PATTERN, toolListMessages.price)
  .transform((value) => Math.round(Number(value) * 100));

/**
 * GET /api/tool and /api/tool/search query: every bad value is a 400 naming the parameter. No
 * `sort` means best match first for a search and newest first otherwise (`defaultToolOrder`).
 */
export const toolListQuerySchema = z
  .object({
    search: singleText(MAX_SEARCH_LENGTH, toolListMessages.search).optional(),
    category: singleText(MAX_CATEGORY_LENGTH, toolListMessages.category).optional(),
    /** Only tools with stock on hand. */
    inStock: z
      .enum(['true', 'false'], { error: toolListMessages.inStock })
      .transform((value) => value === 'true')
      .optional(),
    /** Price bounds in dollars, both included; the server works in cents. */
    minPrice: queryPrice.optional(),
    maxPrice: queryPrice.optional(),
    sort: z.enum(toolSorts, { error: toolListMessages.sort }).optional(),
    page: queryWholeNumber(1, MAX_PAGE, toolListMessages.page).default(1),
    pageSize: queryWholeNumber(1, MAX_PAGE_SIZE, toolListMessages.pageSize).default(
      DEFAULT_PAGE_SIZE,
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: toolListMessages.priceOrder,
    path: ['maxPrice'],
  });
/** What a client sends (all optional strings); `ToolListQuery` is what the server works with. */
export type ToolListQueryInput = z.input<typeof toolListQuerySchema>;
export type ToolListQuery = z.output<typeof toolListQuerySchema>;

/** GET /api/tool/categories */
export const toolCategorySchema = z.object({
  category: z.string(),
  count: z.number().int(),
});
export type ToolCategory = z.infer<typeof toolCategorySchema>;
export const toolCategoryListSchema = z.array(toolCategorySchema);

/**
 * GET /api/tool/search: one page of tools, the number of matches, and the counts the filters show
 * (facets). Each facet counts the tools the search and every other filter leave, so a count says
 * how many tools picking that value would show.
 */
export const toolSearchSchema = z.object({
  items: toolListSchema,
  total: z.number().int(),
  facets: z.object({
    /** Every category with a match, with its number of matches. */
    categories: toolCategoryListSchema,
    /** Matches with stock on hand. */
    inStock: z.number().int(),
    /** The lowest and highest price among the matches, in dollars; null when there are none. */
    price: z.object({ min: z.number(), max: z.number() }).nullable(),
  }),
});
export type ToolSearch = z.infer<typeof toolSearchSchema>;
export type ToolFacets = ToolSearch['facets'];
