import { chargeTexts } from '@voltforge/contract/charges';
import type { InvoiceSnapshot } from '@voltforge/contract/invoice-rules';
import type { PdfDocumentModel } from './document-pdf.ts';

/** "25 November 2026": dates on documents, in UTC (the day the number's year is taken from). */
export function documentDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The totals block of a document: goods, shipping, tax (when charged) and the total. */
export function chargeTotals(charges: {
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  totalCents: number;
}): Array<[string, number]> {
  return [
    [chargeTexts.goods, charges.goodsCents],
    [chargeTexts.shipping, charges.shippingCents],
    ...(charges.taxRateBp > 0 || charges.taxCents > 0
      ? [[chargeTexts.tax(charges.taxRateBp / 100), charges.taxCents] as [string, number]]
      : []),
    [chargeTexts.total, charges.totalCents],
  ];
}

/** The buyer's PO number beside the order's, on every document that has one. */
export function poNumberFact(snapshot: { poNumber?: string | null }): Array<[string, string]> {
  return snapshot.poNumber ? [['Your PO number', snapshot.poNumber]] : [];
}

/** The invoice, as the PDF shows it: rendered only from its snapshot, so it never changes. */
/** How the invoice is (to be) paid: by card at issue, or on account by its due date. */
function paymentNote(snapshot: InvoiceSnapshot): string {
  const { payment, terms } = snapshot;
  if (terms) {
    return `Payment terms: net ${terms.days} days. Please pay by bank transfer by ${documentDate(terms.dueAt)}, quoting ${snapshot.number}.`;
  }
  if (!payment) return '';
  const paidBy =
    payment.provider === 'test'
      ? 'card (test mode: no real charge)'
      : `card through ${payment.provider === 'stripe' ? 'Stripe' : payment.provider}`;
  return (
    `Paid in full on ${documentDate(payment.paidAt)} by ${paidBy}` +
    (payment.reference ? `, reference ${payment.reference}.` : '.')
  );
}

export function invoiceModel(snapshot: InvoiceSnapshot): PdfDocumentModel {
  return {
    title: 'Invoice',
    number: snapshot.number,
    issuedAt: snapshot.issuedAt,
    facts: [
      ['Date', documentDate(snapshot.issuedAt)],
      ['Order', snapshot.orderNumber],
      ...poNumberFact(snapshot),
      ...(snapshot.quote
        ? ([['Quote', `${snapshot.quote.number}, revision ${snapshot.quote.revision}`]] as Array<
            [string, string]
          >)
        : []),
      ...(snapshot.terms
        ? ([
            ['Terms', `Net ${snapshot.terms.days}`],
            ['Due date', documentDate(snapshot.terms.dueAt)],
          ] as Array<[string, string]>)
        : []),
    ],
    seller: snapshot.seller,
    buyer: snapshot.buyer,
    lines: snapshot.lines,
    totals: chargeTotals(snapshot),
    notes: [
      paymentNote(snapshot),
      'Prices are in US dollars.' +
        (snapshot.taxRateBp > 0 ? ' Tax is charged on goods and shipping.' : ''),
    ],
  };
}
