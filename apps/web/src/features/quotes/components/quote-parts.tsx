import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import type { Quote } from '@voltforge/contract/quote';
import { quoteCharges, quoteStateLabels, type QuoteState } from '@voltforge/contract/quote-rules';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { dollarsToCents, centsToDollars } from '@voltforge/contract/money';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';

/*
 * The parts of a quote both sides read (docs/payments.md, "Quotes"): its state, the request's
 * lines, and a revision's offers with its charges.
 */

const stateTone: Record<QuoteState, string> = {
  requested: 'badge-warning',
  sent: 'badge-info',
  accepted: 'badge-success',
  declined: 'badge-ghost',
  expired: 'badge-ghost',
};

export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <span className={`badge badge-sm ${stateTone[state]}`}>{quoteStateLabels[state]}</span>;
}

const quantities = (list: readonly number[]) => list.map((q) => formatCount(q)).join(' / ');

/** What was asked for: each line's part, quantities, target price and the buyer's reference. */
export function RequestLines({ quote }: { quote: Quote }) {
  return (
    <div role="region" aria-label="Lines asked for" tabIndex={0} className="overflow-x-auto">
      <table className={`table table-sm ${STACKED_TABLE}`}>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Part</th>
            <th scope="col">Quantities</th>
            <th scope="col">Target price</th>
            <th scope="col">Your reference</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.lineNo}>
              <td data-label="Line" className="tabular-nums">
                {line.lineNo}
              </td>
              <th scope="row" data-label="Part" className="font-normal">
                <div>
                  <span className="font-mono">{line.partNumber ?? line.partText}</span>
                  <div className="text-xs text-base-content/75">
                    {line.name ?? 'Not in our catalogue'}
                  </div>
                </div>
              </th>
              <td data-label="Quantities" className="tabular-nums">
                {quantities(line.quantities)}
              </td>
              <td data-label="Target price" className="tabular-nums">
                {line.targetPrice === null ? '—' : formatUsd(line.targetPrice)}
              </td>
              <td data-label="Your reference">{line.customerRef ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Revision = Quote['revisions'][number];

/** What a choice of offers charges, in dollars: the contract's `quoteCharges`. */
export function chargesOf(revision: Revision, offers: Revision['offers']) {
  const charges = quoteCharges(
    offers.map((o) => ({ quantity: o.quantity, unitPriceCents: dollarsToCents(o.unitPrice) })),
    dollarsToCents(revision.freight),
    Math.round(revision.taxRate * 100),
  );
  return {
    goods: centsToDollars(charges.goodsCents),
    freight: centsToDollars(charges.freightCents),
    tax: centsToDollars(charges.taxCents),
    total: centsToDollars(charges.totalCents),
  };
}

const leadTime = (weeks: number) =>
  weeks === 0 ? 'From stock' : `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

/** A revision as sent: its offers line by line, freight, tax rate, validity and note. */
export function RevisionOffers({ quote, revision }: { quote: Quote; revision: Revision }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        Valid until the end of <strong>{formatCalendarDate(revision.validUntil)}</strong>. Freight{' '}
        {formatUsd(revision.freight)}; tax {revision.taxRate} %.
        {revision.sentBy ? ` Sent by ${revision.sentBy}.` : ''}{' '}
        <a
          href={`/api/quotes/${encodeURIComponent(quote.id)}/revisions/${revision.revision}/pdf`}
          className="link"
        >
          Revision {revision.revision} as PDF
        </a>
      </p>
      {revision.note ? (
        <p className="rounded-box bg-base-200 p-3 text-sm whitespace-pre-line">{revision.note}</p>
      ) : null}
      <div
        role="region"
        aria-label={`Offers of revision ${revision.revision}`}
        tabIndex={0}
        className="overflow-x-auto"
      >
        <table className={`table table-sm ${STACKED_TABLE}`}>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Offered part</th>
              <th scope="col" className="text-right">
                Quantity
              </th>
              <th scope="col" className="text-right">
                Unit price
              </th>
              <th scope="col" className="text-right">
                Line total
              </th>
              <th scope="col">Lead time</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.flatMap((line) => {
              const offers = revision.offers.filter((o) => o.lineNo === line.lineNo);
              if (offers.length === 0) {
                return [
                  <tr key={line.lineNo}>
                    <td data-label="Line" className="tabular-nums">
                      {line.lineNo}
                    </td>
                    <td data-label="Offered part" colSpan={5} className="text-base-content/75">
                      We cannot offer {line.partNumber ?? line.partText}.
                    </td>
                  </tr>,
                ];
              }
              return offers.map((offer) => (
                <tr key={`${line.lineNo}-${offer.offerNo}`}>
                  <td data-label="Line" className="tabular-nums">
                    {line.lineNo}
                  </td>
                  <th scope="row" data-label="Offered part" className="font-normal">
                    <div>
                      <span className="font-mono">{offer.partNumber}</span>
                      {offer.substitute ? (
                        <span className="badge badge-sm badge-outline ml-2">Substitute</span>
                      ) : null}
                      <div className="text-xs text-base-content/75">{offer.name}</div>
                      {offer.minQuantity > 1 || offer.multiple > 1 ? (
                        <div className="text-xs text-base-content/75">
                          Minimum {formatCount(offer.minQuantity)}, multiples of{' '}
                          {formatCount(offer.multiple)}
                        </div>
                      ) : null}
                    </div>
                  </th>
                  <td data-label="Quantity" className="text-right tabular-nums max-sm:text-left">
                    {formatCount(offer.quantity)}
                  </td>
                  <td data-label="Unit price" className="text-right tabular-nums max-sm:text-left">
                    {formatUsd(offer.unitPrice)}
                  </td>
                  <td data-label="Line total" className="text-right tabular-nums max-sm:text-left">
                    {formatUsd(offer.lineTotal)}
                  </td>
                  <td data-label="Lead time">{leadTime(offer.leadTimeWeeks)}</td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
