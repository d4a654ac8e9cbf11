import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { CentredCard } from '../../components/ui/centred-card';

/**
 * Where the confirmation link lands after better-auth has checked it: without `?error=` the
 * address is verified; with one, the link was bad or too old.
 */
export function VerifyEmailPage() {
  usePageMeta('Email confirmation', 'Confirm the email address of your Voltforge account.');
  const [searchParams] = useSearchParams();
  const failed = searchParams.has('error');
  return (
    <CentredCard title={failed ? 'Link not valid' : 'Email confirmed'}>
      <div
        role={failed ? 'alert' : 'status'}
        className={`alert alert-soft ${failed ? 'alert-error' : 'alert-success'}`}
      >
        <span>{failed ? verifyEmailMessages.failed : verifyEmailMessages.verified}</span>
      </div>
      <Link to={paths.updateProfile} className="btn btn-primary w-full">
        Go to My Profile
      </Link>
    </CentredCard>
  );
}
