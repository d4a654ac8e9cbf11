import { formatCount } from '@voltforge/contract/format-number';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { formatUsd } from '@voltforge/contract/money';
import type { QuoteSummary } from '@voltforge/contract/quote';
import { Link } from 'react-router';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';
import { useDateFormat } from '../../../lib/first-paint/local-time';
import { QuoteStateBadge } from './quote-parts';

/** A list of quotes, the buyer's or staff's: number, state, dates, lines and value. */
export function QuoteTable({
  quotes,
  linkTo,
  showRequester = false,
}: {
  quotes: readonly QuoteSummary[];
  linkTo: (id: string) => string;
  showRequester?: boolean;
}) {
  const dates = useDateFormat({ dateStyle: 'medium' });
  return (
    <div role="region" aria-label="Quotes" tabIndex={0} className="overflow-x-auto">
      <table className={`table table-sm ${STACKED_TABLE}`}>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">State</th>
            <th scope="col">Asked</th>
            {showRequester ? <th scope="col">Buyer</th> : null}
            <th scope="col" className="text-right">
              Lines
            </th>
            <th scope="col" className="text-right">
              Value
            </th>
            <th scope="col">Valid until</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => (
            <tr key={q.id}>
              <th scope="row" data-label="Quote">
                <Link to={linkTo(q.id)} className="link link-hover font-mono">
                  {q.number}
                </Link>
                {q.revision > 1 ? (
                  <span className="ml-1 text-xs text-base-content/75">rev. {q.revision}</span>
                ) : null}
              </th>
              <td data-label="State">
                <QuoteStateBadge state={q.state} />
              </td>
              <td data-label="Asked">{dates.format(new Date(q.createdAt))}</td>
              {showRequester ? (
                <td data-label="Buyer">
                  {q.requestedBy}
                  {q.company ? (
                    <div className="text-xs text-base-content/75">{q.company}</div>
                  ) : null}
                </td>
              ) : null}
              <td data-label="Lines" className="text-right tabular-nums max-sm:text-left">
                {formatCount(q.lineCount)}
              </td>
              <td data-label="Value" className="text-right tabular-nums max-sm:text-left">
                {q.value === null ? '—' : formatUsd(q.value)}
              </td>
              <td data-label="Valid until">
                {q.validUntil ? formatCalendarDate(q.validUntil) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
