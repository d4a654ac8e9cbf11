import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { authClient, type AuthUser } from '../../lib/auth/auth-client';
import { useProfile } from '../../lib/api/get-profile';
import { AddressBook } from './components/address-book';
import { CompanyAccount } from './components/company-account';
import { EmailVerification } from './components/email-verification';
import { ProfileForm } from './components/profile-form';
import { ProfileSummary } from './components/profile-summary';

function ProfileContent({ user }: { user: AuthUser }) {
  const userId = user.id;
  const { data: profile, error, refetch, isFetching } = useProfile(userId);
  if (error) {
    return (
      <div role="alert" className="alert alert-error alert-soft max-w-2xl">
        <span>{error.message}</span>
        <button
          type="button"
          className="btn btn-sm"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!profile) return <Spinner block label="Loading your profile" />;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <div className="flex flex-col items-center gap-3">
            <ProfileSummary profile={profile} />
            <EmailVerification email={user.email} verified={user.emailVerified} />
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-6">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <ProfileForm userId={userId} profile={profile} />
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <CompanyAccount
              me={userId}
              start={{ name: profile.company ?? '', taxId: profile.taxId ?? '' }}
            />
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <AddressBook />
          </div>
        </div>
      </div>
    </div>
  );
}

export function UpdateProfilePage() {
  usePageMeta('Update Your Profile', 'Update your Voltforge profile.');
  const { data: session } = authClient.useSession();
  return (
    <section aria-labelledby="update-profile-heading">
      <h2 id="update-profile-heading" className="mb-4 text-2xl font-bold">
        Update Your Profile
      </h2>
      {session ? <ProfileContent user={session.user} /> : <Spinner block />}
    </section>
  );
}
