import { z } from 'zod';
import { documentsExportMessages } from './invoice-rules.ts';

/**
 * Invoices (docs/payments.md, "Invoices"): issued once per order when it is paid, numbered
 * gap-free per calendar year, and never changed after issue. The snapshot (invoice-rules.ts) is
 * everything the document says; its PDF is rendered from it.
 */

/** An order's invoice as the order JSON names it. */
export const invoiceRefSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** On account: when it falls due, and when it was paid in full (null while open). */
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type InvoiceRef = z.infer<typeof invoiceRefSchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * GET /api/admin/documents.csv?from=&to= (admin): every invoice and credit note issued in the
 * period (UTC days, both included), for the accountant.
 */
export const documentsExportQuerySchema = z
  .object({
    from: z.string().refine(isDay, documentsExportMessages.day),
    to: z.string().refine(isDay, documentsExportMessages.day),
  })
  .refine((q) => q.from <= q.to, { message: documentsExportMessages.order, path: ['to'] });
export type DocumentsExportQuery = z.infer<typeof documentsExportQuerySchema>;
