import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { errorMessage } from '../../lib/api/api-client';
import { useUnsubscribeNewsletter } from './api/unsubscribe-newsletter';
import { CentredCard } from '../../components/ui/centred-card';

/**
 * The unsubscribe link, signed in or not. It takes a click: mail scanners open links on their
 * own, and must not unsubscribe anyone by doing so.
 */
export function UnsubscribePage() {
  usePageMeta('Unsubscribe', 'Stop receiving the Voltforge newsletter.');
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useUnsubscribeNewsletter();

  return (
    <CentredCard title="Unsubscribe">
      {unsubscribe.isSuccess ? (
        <div role="status" className="alert alert-success alert-soft">
          <span>{unsubscribe.data.message}</span>
        </div>
      ) : (
        <>
          <p>Stop sending the Voltforge newsletter to this address?</p>
          {unsubscribe.isError ? (
            <p role="alert" className="text-sm font-medium text-error">
              {errorMessage(unsubscribe.error)}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary w-full"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </>
      )}
      <Link to={paths.home} className="btn btn-link w-full">
        Back to the shop
      </Link>
    </CentredCard>
  );
}
