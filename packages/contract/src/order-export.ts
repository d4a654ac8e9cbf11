import type { z } from 'zod';
import { adminOrderListQuerySchema } from './admin.ts';

/** GET /api/orders/export.csv: Manage All Orders' filters, without paging (every match). */
export const orderExportQuerySchema = adminOrderListQuerySchema.pick({
  status: true,
  search: true,
});
export type OrderExportQueryInput = z.input<typeof orderExportQuerySchema>;

export const ORDER_EXPORT_PATH = '/api/orders/export.csv';
/** The accountant's CSV of a period's invoices and credit notes (invoice.ts has its query). */
export const DOCUMENTS_EXPORT_PATH = '/api/admin/documents.csv';
export const TOOL_EXPORT_PATH = '/api/tool/export.csv';
