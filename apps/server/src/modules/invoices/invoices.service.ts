import { and, eq } from 'drizzle-orm';
import {
  documentNumber,
  type CreditNoteSnapshot,
  type InvoiceSnapshot,
} from '@voltforge/contract/invoice-rules';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import type { Seller } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { creditNote, invoice, type OrderRow } from '../../db/schema/order.ts';
import type { RenderAttachment } from '../../mail/sender.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { nextDocumentNumber } from './numbering.ts';

/** How an order was paid, as the invoice states it. */
export interface InvoicePayment {
  provider: string;
  /** The provider's transaction id. */
  reference: string | null;
  paidAt: Date;
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
  payment: InvoicePayment,
  seller: Seller,
): Promise<{ number: string; issuedAt: Date }> {
  const issuedAt = payment.paidAt;
  const year = issuedAt.getUTCFullYear();
  const seq = await nextDocumentNumber(tx, 'invoice', year);
  const number = documentNumber('INV', year, seq);
  const snapshot: InvoiceSnapshot = {
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: row.id,
    orderNumber: formatOrderNumber(row.number),
    seller: { name: seller.name, addressLines: seller.addressLines, taxId: seller.taxId },
    buyer: {
      name: row.customerName,
      email: row.email,
      company: row.company,
      taxId: row.taxId,
      address: row.address,
      phone: row.phone,
    },
    lines: row.lines.map((l) => ({
      partNumber: l.partNumber,
      name: l.toolName,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
    goodsCents: row.goodsCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    taxRateBp: row.taxRateBp,
    totalCents: row.totalCents,
    currency: 'USD',
    payment: {
      provider: payment.provider,
      reference: payment.reference,
      paidAt: payment.paidAt.toISOString(),
    },
  };
  await tx.insert(invoice).values({
    number,
    year,
    seq,
    orderId: row.id,
    issuedAt,
    totalCents: row.totalCents,
    snapshot,
  });
  return { number, issuedAt };
}

/** An order's invoice as issued, or undefined before the order is paid. */
export async function findInvoice(
  db: Db | Tx,
  orderId: string,
): Promise<{ id: string; snapshot: InvoiceSnapshot } | undefined> {
  const [row] = await db
    .select({ id: invoice.id, snapshot: invoice.snapshot })
    .from(invoice)
    .where(eq(invoice.orderId, orderId));
  return row;
}

/** One credit note of an order, by its number. */
export async function findCreditNote(
  db: Db | Tx,
  orderId: string,
  number: string,
): Promise<{ snapshot: CreditNoteSnapshot } | undefined> {
  const [row] = await db
    .select({ snapshot: creditNote.snapshot })
    .from(creditNote)
    .where(and(eq(creditNote.orderId, orderId), eq(creditNote.number, number)));
  return row;
}

/**
 * The mail sender's renderer for document attachments: the invoice of an order, rendered from
 * its stored snapshot, so every delivery attempt attaches the same document.
 */
export function documentAttachments(db: Db): RenderAttachment {
  return async (attachment) => {
    if (attachment.kind === 'credit_note') {
      const [note] = await db
        .select({ snapshot: creditNote.snapshot })
        .from(creditNote)
        .where(eq(creditNote.refundId, attachment.id));
      if (!note) throw new Error(`the credit note of refund ${attachment.id} is not there`);
      return {
        filename: attachment.filename,
        content: await renderCreditNotePdf(note.snapshot),
        contentType: 'application/pdf',
      };
    }
    const issued = await findInvoice(db, attachment.id);
    if (!issued) throw new Error(`the invoice of order ${attachment.id} is not there`);
    return {
      filename: attachment.filename,
      content: await renderInvoicePdf(issued.snapshot),
      contentType: 'application/pdf',
    };
  };
}
