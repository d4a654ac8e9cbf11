import { useQuery } from '@tanstack/react-query';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { paths } from '../../lib/paths';
import { useDateFormat } from '../../lib/first-paint/local-time';
import { myQuotesQuery, useQuote } from './api/get-quotes';
import { NewQuoteRequest } from './components/new-quote-request';
import { QuoteOutcome } from './components/quote-decision';
import { QuoteStateBadge, RequestLines, RevisionOffers } from './components/quote-parts';
import { QuoteTable } from './components/quote-table';
import { QuoteThread } from './components/quote-thread';

/** Where a request for quotation starts from, when the page is asked to start one. */
const REQUEST_SOURCES = ['new', 'cart', 'project', 'tool', 'copy'];

/**
 * /dashboard/quotes: the buyer's requests for quotation and the answers; with `?cart`,
 * `?project=<id>`, `?tool=<id>`, `?copy=<quote id>` or `?new`, a new request first.
 */
export function QuotesPage() {
  const [params] = useSearchParams();
  const asking = REQUEST_SOURCES.some((source) => params.has(source));
  usePageMeta(
    'My Quotes',
    'Your requests for quotation, our answers, and the orders placed from them.',
  );
  const quotes = useQuery(myQuotesQuery());
  return (
    <section aria-labelledby="quotes-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quotes-heading" className="text-2xl font-bold">
          My Quotes
        </h2>
        {asking ? null : (
          <Link to={`${paths.quotes}?new`} className="btn btn-primary btn-sm">
            Ask for a quote
          </Link>
        )}
      </div>
      <p className="text-sm text-base-content/80">
        Ask for prices for large quantities, several quantity tiers, or parts we do not list. We
        answer with prices valid until a date; accept the lines you want and the order is placed at
        exactly those prices.
      </p>
      {asking ? <NewQuoteRequest key={params.toString()} params={params} /> : null}
      {quotes.isPending ? (
        <Spinner block />
      ) : quotes.isError ? (
        <QueryError message={quotes.error.message} onRetry={() => void quotes.refetch()} />
      ) : quotes.data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6">
          No quotes yet. Ask for one from your cart, a project or a tool’s page.
        </p>
      ) : (
        <QuoteTable quotes={quotes.data} linkTo={paths.quote} />
      )}
    </section>
  );
}

/** /dashboard/quotes/:id: one quote as its buyer reads it, every revision, and the thread. */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  usePageMeta(quote.data ? `Quote ${quote.data.number}` : 'Quote', 'A quote and its revisions.');
  const dates = useDateFormat({ dateStyle: 'medium' });
  if (quote.isPending) return <Spinner block />;
  if (quote.isError) {
    return <QueryError message={quote.error.message} onRetry={() => void quote.refetch()} />;
  }
  const q = quote.data;
  const revisions = [...q.revisions].reverse();
  return (
    <section aria-labelledby="quote-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="quote-heading" className="text-2xl font-bold">
          Quote {q.number}
        </h2>
        <QuoteStateBadge state={q.state} />
        <Link to={paths.quotes} className="link ml-auto text-sm">
          All my quotes
        </Link>
      </div>
      <p className="text-sm text-base-content/80">
        Asked on {dates.format(new Date(q.createdAt))} by {q.requestedBy.name}
        {q.company ? ` for ${q.company.name}` : ''}
        {q.neededBy ? `; needed by ${formatCalendarDate(q.neededBy)}` : ''}
        {q.alternatesOk ? '; alternates acceptable' : ''}.
      </p>
      {q.note ? <p className="rounded-box bg-base-200 p-3 whitespace-pre-line">{q.note}</p> : null}
      <section aria-labelledby="asked-heading" className="flex flex-col gap-2">
        <h3 id="asked-heading" className="text-lg font-semibold">
          What you asked for
        </h3>
        <RequestLines quote={q} />
      </section>
      {revisions.map((revision, index) =>
        index === 0 ? (
          <section
            key={revision.revision}
            aria-labelledby="latest-heading"
            className="flex flex-col gap-2"
          >
            <h3 id="latest-heading" className="text-lg font-semibold">
              Our prices, revision {revision.revision}
            </h3>
            <RevisionOffers quote={q} revision={revision} />
          </section>
        ) : (
          <details
            key={revision.revision}
            className="collapse-arrow collapse border border-base-300 bg-base-100"
          >
            <summary className="collapse-title font-medium">
              Revision {revision.revision}, sent {dates.format(new Date(revision.sentAt))}
            </summary>
            <div className="collapse-content">
              <RevisionOffers quote={q} revision={revision} />
            </div>
          </details>
        ),
      )}
      <QuoteOutcome quote={q} />
      <QuoteThread quote={q} to="staff" />
    </section>
  );
}
