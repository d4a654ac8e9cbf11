import { z } from 'zod';

/**
 * Invoices (docs/payments.md, "Invoices"): issued once per order when it is paid, numbered
 * gap-free per calendar year, and never changed after issue. The snapshot is everything the
 * document says; its PDF is rendered from it.
 */

/** INV-2026-000001 */
export function documentNumber(prefix: 'INV' | 'CN', year: number, seq: number): string {
  return `${prefix}-${year}-${String(seq).padStart(6, '0')}`;
}

export interface InvoiceSnapshot {
  number: string;
  issuedAt: string;
  orderId: string;
  orderNumber: string;
  seller: { name: string; addressLines: string[]; taxId: string | null };
  buyer: {
    name: string;
    email: string;
    company: string | null;
    taxId: string | null;
    address: string;
    phone: string;
  };
  lines: Array<{
    partNumber: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }>;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** Basis points: 825 = 8.25 %. */
  taxRateBp: number;
  totalCents: number;
  currency: 'USD';
  payment: { provider: string; reference: string | null; paidAt: string };
}

/** A credit note: the invoice's parties and what one refund returned (docs/payments.md). */
export interface CreditNoteSnapshot {
  number: string;
  issuedAt: string;
  orderId: string;
  orderNumber: string;
  /** The invoice it corrects. */
  invoiceNumber: string | null;
  seller: InvoiceSnapshot['seller'];
  buyer: InvoiceSnapshot['buyer'];
  lines: InvoiceSnapshot['lines'];
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  totalCents: number;
  currency: 'USD';
  reason: string;
  refund: { provider: string; reference: string | null; refundedAt: string };
}

/** An order's invoice as the order JSON names it. */
export const invoiceRefSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
});
export type InvoiceRef = z.infer<typeof invoiceRefSchema>;

export const invoiceMessages = {
  notIssued: 'This order has no invoice yet: an invoice is issued when the order is paid.',
  download: 'Invoice (PDF)',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export const documentsExportMessages = {
  day: 'Use a date like 2026-11-30.',
  order: 'The first day must not be after the last.',
} as const;

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

/** The columns of the documents CSV; a credit note's amounts are negative. */
export const DOCUMENT_EXPORT_COLUMNS = [
  'type',
  'number',
  'date',
  'order',
  'refersTo',
  'customer',
  'company',
  'taxId',
  'goods',
  'shipping',
  'tax',
  'net',
  'gross',
] as const;
