import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { useLatestReviews } from './api/get-latest-reviews';
import { ReviewCard } from './review-card';

/** The navbar's Review link lands here (`/#reviews`). */
export function ReviewsSection() {
  const reviews = useLatestReviews();
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="below-fold scroll-mt-24">
      <div className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="reviews-heading" className="text-3xl font-bold tracking-tight">
          What our customers say
        </h2>
        <p className="mt-2 mb-8 max-w-xl text-base-content/75">
          Reviews from electricians, engineers and makers who use Voltforge tools every day.
        </p>
        {reviews.isPending ? (
          <div className="flex min-h-48 items-center justify-center">
            <Spinner label="Loading reviews" />
          </div>
        ) : reviews.isError ? (
          <QueryError message={reviews.error.message} onRetry={() => void reviews.refetch()} />
        ) : reviews.data.length === 0 ? (
          <p className="text-base-content/75">No reviews yet. Yours could be the first.</p>
        ) : (
          <ul
            aria-label="Customer reviews"
            className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
          >
            {reviews.data.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
