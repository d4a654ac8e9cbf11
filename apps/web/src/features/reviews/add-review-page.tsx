import { PageHeading } from '../../components/ui/page-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../components/ui/use-page-meta';
import { authClient } from '../../lib/auth-client';
import { AddReviewForm } from './components/add-review-form';

export function AddReviewPage() {
  usePageMeta('Add Review', 'Tell other customers what you think of Voltforge.');
  const { data: session } = authClient.useSession();
  const user = session?.user;
  return (
    <section className="max-w-2xl">
      <PageHeading lead="Your review is shown on the home page, newest first.">
        Add Review
      </PageHeading>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          {user ? (
            <AddReviewForm key={user.id} userName={user.name} userImage={user.image ?? ''} />
          ) : (
            <Spinner block />
          )}
        </div>
      </div>
    </section>
  );
}
