import { z } from 'zod';
import { MAX_ADMIN_PAGE_SIZE } from './admin.ts';
import { queryWholeNumber } from './query-params.ts';
import { MAX_SEARCH_LENGTH } from './catalog.ts';
import { toolSchema } from './tool.ts';

/** A tool as Manage Products sees it: the catalogue's fields and its stock watch. */
export const adminToolSchema = toolSchema.extend({
  /** The threshold in force: the tool's own, or twice its minimum order quantity. */
  lowStockThreshold: z.number().int(),
  /** The threshold an admin set; null when the default applies. */
  customLowStockThreshold: z.number().int().nullable(),
  /** At or below the threshold. */
  lowStock: z.boolean(),
});
export type AdminTool = z.infer<typeof adminToolSchema>;
export const adminToolListSchema = z.array(adminToolSchema);

const ADMIN_TOOLS_MAX_PAGE = 10_000;

/** GET /api/admin/tools: by name; search matches the name or the part number. */
export const adminToolListQuerySchema = z.object({
  search: z
    .string({ error: 'must be given at most once' })
    .trim()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  lowStock: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  page: queryWholeNumber(
    1,
    ADMIN_TOOLS_MAX_PAGE,
    `must be a whole number from 1 to ${ADMIN_TOOLS_MAX_PAGE}`,
  ).default(1),
  pageSize: queryWholeNumber(
    1,
    MAX_ADMIN_PAGE_SIZE,
    `must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}`,
  ).default(MAX_ADMIN_PAGE_SIZE),
});
export type AdminToolListQueryInput = z.input<typeof adminToolListQuerySchema>;
export type AdminToolListQuery = z.output<typeof adminToolListQuerySchema>;
