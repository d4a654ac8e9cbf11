import { dateFormat } from '@voltforge/contract/format-date';
import { reviewMessages, type AdminReview } from '@voltforge/contract/review';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/page/toast';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { REVIEWS_PAGE_SIZE, useReviewsPage } from './api/get-reviews-page';
import { useSetReviewHidden } from './api/set-review-hidden';
import { AdminHeading } from './components/admin-heading';
import { AdminTable } from './components/admin-table';

const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'local');

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function VisibilityButton({ review }: { review: AdminReview }) {
  const change = useSetReviewHidden();
  const hidden = !review.hidden;
  return (
    <button
      type="button"
      className={`btn btn-xs ${review.hidden ? 'btn-outline' : 'btn-error btn-outline'}`}
      disabled={change.isPending}
      aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.user}`}
      onClick={() =>
        change.mutate(
          { id: review._id, hidden },
          {
            onSuccess: () => toast.success(hidden ? reviewMessages.hidden : reviewMessages.shown),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      {review.hidden ? 'Show' : 'Hide'}
    </button>
  );
}

/** Manage Reviews: every review, and hiding a fake or abusive one from the home page. */
export function ManageReviewsPage() {
  usePageMeta('Manage Reviews', 'Voltforge administration: customer reviews.');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const reviews = useReviewsPage(page);

  return (
    <>
      <AdminHeading lead="A hidden review leaves the home page and the average rating; it is kept, with who hid it and when.">
        Manage Reviews{reviews.data ? ` (${reviews.data.total})` : ''}
      </AdminHeading>
      {reviews.isPending ? (
        <Spinner block label="Loading reviews" />
      ) : reviews.isError ? (
        <QueryError message={reviews.error.message} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <p className="text-base-content/75">No reviews yet.</p>
      ) : (
        <AdminTable
          label="Reviews"
          pagination={{
            page,
            pageSize: REVIEWS_PAGE_SIZE,
            total: reviews.data.total,
            label: 'Review pages',
            onPage: (p) => setSearchParams(p > 1 ? { page: String(p) } : {}),
          }}
        >
          <thead>
            <tr>
              <th scope="col">Author</th>
              <th scope="col">Rating</th>
              <th scope="col">Comment</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {reviews.data.items.map((review) => (
              <tr key={review._id} data-review-id={review._id}>
                <th scope="row" data-label="Author" className="min-w-40 font-normal">
                  <div>
                    <div className="font-medium">{review.user}</div>
                    <div className="text-xs text-base-content/75">
                      {when.format(new Date(review.createdAt))}
                      {review.verifiedBuyer ? ' · Verified buyer' : ''}
                    </div>
                  </div>
                </th>
                <td data-label="Rating" className="tabular-nums">
                  {review.ratings} / 5
                </td>
                <td data-label="Comment" className="max-w-md [overflow-wrap:anywhere]">
                  {review.comment}
                </td>
                <td data-label="Status">
                  {review.hidden ? (
                    <div>
                      <span className="badge badge-sm badge-ghost">Hidden</span>
                      <div className="text-xs text-base-content/75">
                        by {review.hiddenBy ?? 'a removed admin'}
                        {review.hiddenAt ? `, ${when.format(new Date(review.hiddenAt))}` : ''}
                      </div>
                    </div>
                  ) : (
                    <span className="badge badge-sm badge-success">Shown</span>
                  )}
                </td>
                <td data-label="Action">
                  <VisibilityButton review={review} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </>
  );
}
