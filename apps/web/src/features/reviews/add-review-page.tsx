import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { authClient } from '../../lib/auth/auth-client';
import { AddReviewForm } from './components/add-review-form';

export function AddReviewPage() {
  usePageMeta('Add Review', 'Tell other customers what you think of Voltforge.');
  const { data: session } = authClient.useSession();
  const user = session?.user;
  return (
    <section aria-labelledby="add-review-heading" className="max-w-2xl">
      <h2 id="add-review-heading" className="text-2xl font-bold">
        Add Review
      </h2>
      <p className="mt-1 mb-4 text-base-content/75">
        Your review is shown on the home page, newest first.
      </p>
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
