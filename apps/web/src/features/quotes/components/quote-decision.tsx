import type { Quote } from '@voltforge/contract/quote';
import { QUOTE_LIMITS } from '@voltforge/contract/quote-rules';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useCompany } from '../../../lib/api/get-company';
import { useProfile } from '../../../lib/api/get-profile';
import { authClient } from '../../../lib/auth/auth-client';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { useDeclineQuote } from '../api/quote-actions';
import { AcceptQuoteForm } from './accept-quote-form';

/*
 * The buyer's decision on an answered quote (docs/payments.md, "Quotes"): accept, decline, or
 * what has become of it.
 */

/** The accept form, started from the buyer's profile and company as checkout's is. */
function Accept({ quote }: { quote: Quote }) {
  const { data: session } = authClient.useSession();
  const profile = useProfile(session?.user.id ?? '');
  const company = useCompany();
  if (profile.isPending || company.isPending) return <Spinner label="Loading your details" />;
  return (
    <AcceptQuoteForm
      // A newer revision is a new form: no choice made on the one before carries over.
      key={quote.revisions.at(-1)?.revision}
      quote={quote}
      poRequired={company.data?.poRequired ?? false}
      account={company.data?.account ?? null}
      defaults={{
        phone: profile.data?.phone ?? '',
        address: profile.data?.address ?? '',
        poNumber: '',
        company: company.data?.name ?? profile.data?.company ?? '',
        taxId: (company.data ? company.data.taxId : profile.data?.taxId) ?? '',
      }}
    />
  );
}

function Decline({ quote }: { quote: Quote }) {
  const decline = useDeclineQuote(quote.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label="Decline the quote"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setError('Say why, in one line.');
          return;
        }
        decline.mutate(reason.trim(), {
          onSuccess: () => toast.success('Quote declined. Thank you for telling us why.'),
          onError: (e) => setError(e.message),
        });
      }}
    >
      <TextField
        label="Why are you declining?"
        name="reason"
        maxLength={QUOTE_LIMITS.reason}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="btn btn-sm self-start" disabled={decline.isPending}>
        Decline the quote
      </button>
    </form>
  );
}

/** What the buyer can do now, by the quote's state. */
export function QuoteOutcome({ quote }: { quote: Quote }) {
  const latest = quote.revisions.at(-1);
  switch (quote.state) {
    case 'requested':
      return (
        <p className="rounded-box border border-base-300 bg-base-100 p-4">
          We are preparing your quote and will mail you when it is ready.
        </p>
      );
    case 'accepted':
      return (
        <p role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          You accepted revision {quote.accepted?.revision}: it is order{' '}
          <Link to={paths.myOrder} className="link font-semibold">
            {quote.accepted?.order.number}
          </Link>
          .
        </p>
      );
    case 'declined':
      return (
        <p className="rounded-box border border-base-300 bg-base-100 p-4">
          Declined{quote.declineReason ? `: ${quote.declineReason}` : '.'}
        </p>
      );
    case 'expired':
      return (
        <p className="rounded-box border border-base-300 bg-base-100 p-4">
          This quote expired at the end of {latest ? formatCalendarDate(latest.validUntil) : ''}. It
          can no longer be ordered;{' '}
          <Link to={`${paths.quotes}?copy=${encodeURIComponent(quote.id)}`} className="link">
            ask again with the same lines
          </Link>
          .
        </p>
      );
    case 'sent':
      return (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="accept-heading" className="flex flex-col gap-3">
            <h3 id="accept-heading" className="text-lg font-semibold">
              Accept revision {latest?.revision}
            </h3>
            <Accept quote={quote} />
          </section>
          <section aria-labelledby="decline-heading" className="flex flex-col gap-3">
            <h3 id="decline-heading" className="text-lg font-semibold">
              Not for you?
            </h3>
            <Decline quote={quote} />
          </section>
        </div>
      );
  }
}
