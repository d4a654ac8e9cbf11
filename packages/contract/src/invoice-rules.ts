/**
 * The invoice and credit note rules and words: no zod, so a page with an invoice link does not
 * download the schemas (those are in invoice.ts).
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
    /** Where the invoice is made out to when not the delivery address; absent before kept. */
    billingAddress?: string | null;
  };
  lines: Array<{
    partNumber: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
    /** The buyer's own reference for the part; absent on documents issued before it was kept. */
    customerRef?: string | null;
  }>;
  /** The buyer's purchase-order number; absent on invoices issued before it was asked. */
  poNumber?: string | null;
  /** The quote the order was accepted from, and its revision; absent when none. */
  quote?: { number: string; revision: number } | null;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** Basis points: 825 = 8.25 %. */
  taxRateBp: number;
  totalCents: number;
  currency: 'USD';
  /** Paid by card at issue; absent on an invoice on account, which has `terms` instead. */
  payment?: { provider: string; reference: string | null; paidAt: string };
  /** On account: the company's terms (days) and the due date. */
  terms?: { days: number; dueAt: string };
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
  poNumber?: string | null;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  totalCents: number;
  currency: 'USD';
  reason: string;
  refund: { provider: string; reference: string | null; refundedAt: string };
}

export const invoiceMessages = {
  notIssued: 'This order has no invoice yet: an invoice is issued when the order is paid.',
  download: 'Invoice (PDF)',
} as const;

export const documentsExportMessages = {
  day: 'Use a date like 2026-11-30.',
  order: 'The first day must not be after the last.',
} as const;

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
  'poNumber',
  'quote',
] as const;
