import type { CreditNoteSnapshot } from '@voltforge/contract/invoice-rules';
import type { PdfDocumentModel } from './document-pdf.ts';
import { chargeTotals, documentDate, poNumberFact } from './invoice-pdf.ts';

/** A credit note, as the PDF shows it: rendered only from its snapshot. */
export function creditNoteModel(snapshot: CreditNoteSnapshot): PdfDocumentModel {
  return {
    title: 'Credit note',
    number: snapshot.number,
    issuedAt: snapshot.issuedAt,
    facts: [
      ['Date', documentDate(snapshot.issuedAt)],
      ['Order', snapshot.orderNumber],
      ...poNumberFact(snapshot),
      ...(snapshot.invoiceNumber ? [['Invoice', snapshot.invoiceNumber] as [string, string]] : []),
    ],
    seller: snapshot.seller,
    buyer: snapshot.buyer,
    lines: snapshot.lines,
    totals: chargeTotals(snapshot).map(([label, cents], i, all) =>
      i === all.length - 1 ? ['Refunded', cents] : [label, cents],
    ),
    notes: [
      `Reason: ${snapshot.reason}`,
      `Refunded to the card the order was paid with on ${documentDate(snapshot.refund.refundedAt)}` +
        (snapshot.refund.reference ? `, refund reference ${snapshot.refund.reference}.` : '.'),
      snapshot.invoiceNumber
        ? `This credit note corrects invoice ${snapshot.invoiceNumber}. Prices are in US dollars.`
        : 'Prices are in US dollars.',
    ],
  };
}
