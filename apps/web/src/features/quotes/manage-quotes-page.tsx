import { useQuery } from '@tanstack/react-query';
import { quoteStateLabels, quoteStates } from '@voltforge/contract/quote-rules';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { SearchForm } from '../../components/ui/search-form';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { paths } from '../../lib/paths';
import { useDateFormat } from '../../lib/first-paint/local-time';
import { quoteQueueQuery, useQuote } from './api/get-quotes';
import { QuoteStateBadge, RequestLines, RevisionOffers } from './components/quote-parts';
import { QuoteTable } from './components/quote-table';
import { QuoteThread } from './components/quote-thread';
import { RevisionEditor } from './components/revision-editor';

const filters = [
  ['open', 'Open (waiting or answered)'],
  ...quoteStates.map((s) => [s, quoteStateLabels[s]] as const),
  ['', 'All'],
] as const;

/** /dashboard/manageQuotes: staff's queue of quotes, by state, searched by number, part or company. */
export function ManageQuotesPage() {
  usePageMeta('Quotes', 'Requests for quotation to answer, and the quotes sent.');
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? 'open';
  const q = params.get('q') ?? '';
  const queue = useQuery(quoteQueueQuery(state, q));
  const set = (key: string, value: string | undefined) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (value === undefined) next.delete(key);
      else next.set(key, value);
      return next;
    });
  return (
    <section aria-labelledby="manage-quotes-heading" className="flex flex-col gap-4">
      <h2 id="manage-quotes-heading" className="text-2xl font-bold">
        Quotes
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Show</span>
          <select
            className="select select-sm"
            value={state}
            onChange={(event) => set('state', event.target.value)}
          >
            {filters.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <SearchForm
          label="Search by number, part, company or buyer"
          value={q}
          onSearch={(search) => set('q', search || undefined)}
          className="flex flex-col gap-1"
        />
      </div>
      {queue.isPending ? (
        <Spinner block />
      ) : queue.isError ? (
        <QueryError message={queue.error.message} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6">No quotes here.</p>
      ) : (
        <QuoteTable quotes={queue.data} linkTo={paths.manageQuote} showRequester />
      )}
    </section>
  );
}

/** /dashboard/manageQuotes/:id: staff read a request, answer it in revisions, and write. */
export function ManageQuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  usePageMeta(
    quote.data ? `Quote ${quote.data.number}` : 'Quote',
    'Answer a request for quotation.',
  );
  const dates = useDateFormat({ dateStyle: 'medium' });
  if (quote.isPending) return <Spinner block />;
  if (quote.isError) {
    return <QueryError message={quote.error.message} onRetry={() => void quote.refetch()} />;
  }
  const q = quote.data;
  const answerable = q.state === 'requested' || q.state === 'sent' || q.state === 'expired';
  return (
    <section aria-labelledby="manage-quote-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="manage-quote-heading" className="text-2xl font-bold">
          Quote {q.number}
        </h2>
        <QuoteStateBadge state={q.state} />
        <Link to={paths.manageQuotes} className="link ml-auto text-sm">
          All quotes
        </Link>
      </div>
      <p className="text-sm text-base-content/80">
        From {q.requestedBy.name} ({q.requestedBy.email}){q.company ? ` for ${q.company.name}` : ''}
        , asked on {dates.format(new Date(q.createdAt))}
        {q.neededBy ? `; needed by ${formatCalendarDate(q.neededBy)}` : ''}
        {q.alternatesOk ? '; alternates acceptable' : '; no alternates'}
        {q.project ? `; from project ${q.project.name}` : ''}.
      </p>
      {q.note ? <p className="rounded-box bg-base-200 p-3 whitespace-pre-line">{q.note}</p> : null}
      <section aria-labelledby="request-heading" className="flex flex-col gap-2">
        <h3 id="request-heading" className="text-lg font-semibold">
          The request
        </h3>
        <RequestLines quote={q} />
      </section>
      {q.accepted ? (
        <p role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          Accepted (revision {q.accepted.revision}): order{' '}
          <Link to={paths.manageOrder(q.accepted.order.id)} className="link font-semibold">
            {q.accepted.order.number}
          </Link>
          .
        </p>
      ) : null}
      {q.state === 'declined' ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-4">
          Declined: {q.declineReason}
        </p>
      ) : null}
      {[...q.revisions].reverse().map((revision) => (
        <details
          key={revision.revision}
          open={revision.revision === q.revisions.length && !answerable}
          className="collapse-arrow collapse border border-base-300 bg-base-100"
        >
          <summary className="collapse-title font-medium">
            Revision {revision.revision}, sent {dates.format(new Date(revision.sentAt))}
          </summary>
          <div className="collapse-content">
            <RevisionOffers quote={q} revision={revision} />
          </div>
        </details>
      ))}
      {answerable ? (
        <section aria-labelledby="answer-heading" className="flex flex-col gap-3">
          <h3 id="answer-heading" className="text-lg font-semibold">
            {q.revisions.length === 0 ? 'Answer' : `Revise (revision ${q.revisions.length + 1})`}
          </h3>
          <p className="text-sm text-base-content/80">
            What you send is locked: the buyer can accept exactly it. A change is a new revision,
            and the buyer sees both.
          </p>
          <RevisionEditor key={q.revisions.length} quote={q} />
        </section>
      ) : null}
      <QuoteThread quote={q} to="buyer" />
    </section>
  );
}
