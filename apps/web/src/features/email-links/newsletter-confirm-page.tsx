import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { errorMessage } from '../../lib/api/api-client';
import { useConfirmNewsletter } from './api/confirm-newsletter';
import { CentredCard } from '../../components/ui/centred-card';

/** The double opt-in link: confirms the subscription as soon as the page opens. */
export function NewsletterConfirmPage() {
  usePageMeta('Newsletter', 'Confirm your Voltforge newsletter subscription.');
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmNewsletter();
  const { mutate } = confirm;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);

  return (
    <CentredCard title="Newsletter">
      {confirm.isSuccess ? (
        <div role="status" className="alert alert-success alert-soft">
          <span>{confirm.data.message}</span>
        </div>
      ) : confirm.isError ? (
        <p role="alert" className="text-sm font-medium text-error">
          {errorMessage(confirm.error)}
        </p>
      ) : (
        <Spinner block label="Confirming your subscription" />
      )}
      <Link to={paths.tools} className="btn btn-outline w-full">
        Browse the tools
      </Link>
    </CentredCard>
  );
}
