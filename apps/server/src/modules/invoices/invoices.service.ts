import { and, eq, isNull, sql } from 'drizzle-orm';
import { documentNumber, type InvoiceSnapshot } from '@voltforge/contract/invoice-rules';
import { dueDate } from '@voltforge/contract/credit-rules';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import type { Seller } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { creditNote, invoice, type OrderRow } from '../../db/schema/order.ts';
import { company } from '../../db/schema/company.ts';
import { quote } from '../../db/schema/quote.ts';
import type { InvoiceRef } from '@voltforge/contract/invoice';
import type { RenderAttachment } from '../../mail/sender.ts';
import type { PdfDocumentModel } from './document-pdf.ts';
import { renderDocumentPdfOffThread } from './document-pdf-thread.ts';
import { invoiceModel } from './invoice-pdf.ts';
import { creditNoteModel } from './credit-note-pdf.ts';
import { nextDocumentNumber } from './numbering.ts';

/** How an order was paid, as the invoice states it. */
export interface InvoicePayment {
  provider: string;
  /** The provider's transaction id. */
  reference: string | null;
  paidAt: Date;
}

/** An order on account: issued when placed, due on the company's terms. */
export interface InvoiceOnAccount {
  issuedAt: Date;
  termsDays: number;
}

/** Who a document of this order is made out to, as the order keeps them. */
export function invoiceBuyerOf(row: OrderRow): InvoiceSnapshot['buyer'] {
  return {
    name: row.customerName,
    email: row.email,
    company: row.company,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    billingAddress: row.billingAddress,
  };
}

/**
 * Issues the invoice of an order that has just been paid, inside the transaction that marks it
 * paid (docs/payments.md, "Invoices"): the next number of the year, and a snapshot of everything
 * the invoice says, which is never changed afterwards. At most one per order (a unique index),
 * so a second call for the same order fails the transaction instead of issuing twice.
 */
export async function issueInvoice(
  tx: Tx,
  row: OrderRow,
  payment: InvoicePayment | InvoiceOnAccount,
  seller: Seller,
): Promise<{ number: string; issuedAt: Date; dueAt: Date | null }> {
  const byCard = 'provider' in payment;
  const issuedAt = byCard ? payment.paidAt : payment.issuedAt;
  const dueAt = byCard ? null : dueDate(issuedAt, payment.termsDays);
  const year = issuedAt.getUTCFullYear();
  const seq = await nextDocumentNumber(tx, 'invoice', year);
  const number = documentNumber('INV', year, seq);
  // An order accepted from a quote names it (the quote links the order in the same transaction).
  const [fromQuote] = await tx
    .select({ number: quote.number, revision: quote.acceptedRevision })
    .from(quote)
    .where(eq(quote.orderId, row.id));
  const snapshot: InvoiceSnapshot = {
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: row.id,
    orderNumber: formatOrderNumber(row.number),
    seller: { name: seller.name, addressLines: seller.addressLines, taxId: seller.taxId },
    buyer: invoiceBuyerOf(row),
    lines: row.lines.map((l) => ({
      partNumber: l.partNumber,
      name: l.toolName,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
      customerRef: l.customerRef,
    })),
    poNumber: row.poNumber,
    quote: fromQuote ? { number: fromQuote.number, revision: fromQuote.revision ?? 0 } : null,
    goodsCents: row.goodsCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    taxRateBp: row.taxRateBp,
    totalCents: row.totalCents,
    currency: 'USD',
    ...(byCard
      ? {
          payment: {
            provider: payment.provider,
            reference: payment.reference,
            paidAt: payment.paidAt.toISOString(),
          },
        }
      : { terms: { days: payment.termsDays, dueAt: dueAt!.toISOString() } }),
  };
  await tx.insert(invoice).values({
    number,
    year,
    seq,
    orderId: row.id,
    issuedAt,
    totalCents: row.totalCents,
    snapshot,
    dueAt,
    paidAt: byCard ? issuedAt : null,
  });
  return { number, issuedAt, dueAt };
}

/**
 * The invoice of an order placed on account, in the placing transaction: due on the company's
 * terms as the placement found them (it holds the company's lock, so they cannot change between).
 */
export async function invoiceOnAccount(
  tx: Tx,
  placed: OrderRow,
  seller: Seller,
): Promise<InvoiceRef> {
  const [terms] = await tx
    .select({ days: company.termsDays })
    .from(company)
    .where(eq(company.id, placed.companyId!));
  if (!terms?.days) throw new Error(`company ${placed.companyId} has no terms`);
  const issued = await issueInvoice(
    tx,
    placed,
    { issuedAt: placed.createdAt, termsDays: terms.days },
    seller,
  );
  return {
    number: issued.number,
    issuedAt: issued.issuedAt.toISOString(),
    dueAt: issued.dueAt?.toISOString() ?? null,
    paidAt: null,
  };
}

type DocumentTable = typeof invoice | typeof creditNote;

// The PDF travels as base64 text, which both databases' drivers convert natively: PGlite converts
// bytea to and from text a byte at a time in JavaScript, on the event loop (tens of milliseconds
// for a long invoice, on every download).
const storedPdf = (table: DocumentTable) => sql<string | null>`encode(${table.pdf}, 'base64')`;
const fromStored = (stored: string | null) => (stored ? Buffer.from(stored, 'base64') : null);
const toStored = (pdf: Buffer) => sql`decode(${pdf.toString('base64')}, 'base64')`;

/** Documents being rendered by this instance, by id: concurrent requests wait for one render. */
const rendering = new Map<string, Promise<Buffer>>();

/**
 * A document's PDF (docs/payments.md, "Invoices"): the bytes kept with it, or else rendered from
 * its snapshot in the worker thread and kept. Every download and every mail of the document is
 * then these same bytes, and the snapshot is read and rendered only once.
 */
function keptPdf(
  db: Db,
  table: DocumentTable,
  id: string,
  stored: Buffer | null,
  model: () => Promise<PdfDocumentModel>,
): Promise<Buffer> {
  if (stored) return Promise.resolve(stored);
  let pending = rendering.get(id);
  if (!pending) {
    pending = model()
      .then(renderDocumentPdfOffThread)
      .then((pdf) => keepFirst(db, table, id, pdf))
      .finally(() => rendering.delete(id));
    rendering.set(id, pending);
  }
  return pending;
}

/**
 * Keeps a rendered PDF unless another instance kept one first, and answers the bytes kept: the
 * first writer wins, so every instance serves one and the same byte string.
 */
async function keepFirst(db: Db, table: DocumentTable, id: string, pdf: Buffer): Promise<Buffer> {
  const [kept] = await db
    .update(table)
    .set({ pdf: toStored(pdf) })
    .where(and(eq(table.id, id), isNull(table.pdf)))
    .returning({ id: table.id });
  if (kept) return pdf;
  const [first] = await db
    .select({ pdf: storedPdf(table) })
    .from(table)
    .where(eq(table.id, id));
  const theirs = fromStored(first?.pdf ?? null);
  if (!theirs) throw new Error(`document ${id} has no PDF kept and could not keep one`);
  return theirs;
}

/** An order's invoice as a PDF, or undefined before the order is paid. */
export async function invoicePdf(
  db: Db,
  orderId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const [row] = await db
    .select({ id: invoice.id, number: invoice.number, pdf: storedPdf(invoice) })
    .from(invoice)
    .where(eq(invoice.orderId, orderId));
  if (!row) return undefined;
  const pdf = await keptPdf(db, invoice, row.id, fromStored(row.pdf), async () => {
    const [issued] = await db
      .select({ snapshot: invoice.snapshot })
      .from(invoice)
      .where(eq(invoice.id, row.id));
    return invoiceModel(issued!.snapshot);
  });
  return { number: row.number, pdf };
}

/** A credit note as a PDF: one of an order's by its number, or the one of a refund. */
export async function creditNotePdf(
  db: Db,
  which: { orderId: string; number: string } | { refundId: string },
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const [row] = await db
    .select({ id: creditNote.id, number: creditNote.number, pdf: storedPdf(creditNote) })
    .from(creditNote)
    .where(
      'refundId' in which
        ? eq(creditNote.refundId, which.refundId)
        : and(eq(creditNote.orderId, which.orderId), eq(creditNote.number, which.number)),
    );
  if (!row) return undefined;
  const pdf = await keptPdf(db, creditNote, row.id, fromStored(row.pdf), async () => {
    const [issued] = await db
      .select({ snapshot: creditNote.snapshot })
      .from(creditNote)
      .where(eq(creditNote.id, row.id));
    return creditNoteModel(issued!.snapshot);
  });
  return { number: row.number, pdf };
}

/**
 * The mail sender's renderer for document attachments: the kept PDF of the invoice or credit
 * note, the same bytes on every delivery attempt as on every download.
 */
export function documentAttachments(db: Db): RenderAttachment {
  return async (attachment) => {
    const document =
      attachment.kind === 'credit_note'
        ? await creditNotePdf(db, { refundId: attachment.id })
        : await invoicePdf(db, attachment.id);
    if (!document) throw new Error(`the ${attachment.kind} of ${attachment.id} is not there`);
    return { filename: attachment.filename, content: document.pdf, contentType: 'application/pdf' };
  };
}
