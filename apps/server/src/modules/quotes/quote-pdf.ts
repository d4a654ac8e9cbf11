import type { Quote } from '@voltforge/contract/quote';
import { dollarsToCents } from '@voltforge/contract/money';
import { dateIn, formatCalendarDate } from '@voltforge/contract/calendar';
import type { Seller } from '../../config.ts';
import type { PdfDocumentModel } from '../invoices/document-pdf.ts';

/*
 * A sent revision of a quote as a PDF, by the invoices' document code (docs/payments.md,
 * "Quotes"): only from what the revision says, which never changes, so it renders the same
 * document every time.
 */

const leadTime = (weeks: number) =>
  weeks === 0 ? 'ships from stock' : `ships in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

/** The document of `revision` of `quote`; undefined when no such revision was sent. */
export function quoteModel(
  quote: Quote,
  revision: number,
  seller: Seller,
  timeZone: string,
): PdfDocumentModel | undefined {
  const sent = quote.revisions.find((r) => r.revision === revision);
  if (!sent) return undefined;
  const lineOf = new Map(quote.lines.map((l) => [l.lineNo, l]));
  return {
    title: 'Quotation',
    number: quote.number,
    issuedAt: sent.sentAt,
    facts: [
      ['Revision', String(sent.revision)],
      ['Date', formatCalendarDate(dateIn(timeZone, new Date(sent.sentAt)))],
      ['Valid until', `${formatCalendarDate(sent.validUntil)} (end of day, ${timeZone})`],
    ],
    seller,
    buyer: {
      name: quote.requestedBy.name,
      company: quote.company?.name ?? null,
      address: '',
      email: quote.requestedBy.email,
      phone: '',
      taxId: null,
    },
    lines: sent.offers.map((o) => ({
      partNumber: o.partNumber,
      name: `Line ${o.lineNo}, option ${o.offerNo}: ${o.name}${o.substitute ? ' (substitute)' : ''}; ${leadTime(o.leadTimeWeeks)}`,
      quantity: o.quantity,
      unitPriceCents: dollarsToCents(o.unitPrice),
      totalCents: dollarsToCents(o.lineTotal),
      customerRef: lineOf.get(o.lineNo)?.customerRef ?? null,
    })),
    totals: [['Freight, once per order', dollarsToCents(sent.freight)]],
    notes: [
      `Choose one option per line (or none). An order from this quote is charged the options chosen, freight ${sent.freight === 0 ? '(none)' : 'as above'}, and tax at ${sent.taxRate} % on goods and freight.`,
      ...(sent.note ? [sent.note] : []),
      'Prices are in US dollars. Accept on the quote’s page in your account; the order is placed at exactly these prices.',
    ],
  };
}
