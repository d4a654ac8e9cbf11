import type { Review } from '@voltforge/contract/review';
import { verifiedBuyerBadge } from '@voltforge/contract/review-badge';
import { Avatar } from '../../components/ui/avatar';
import { previewText } from '../../lib/page/preview-text';

/** How much of a review the card shows, and the rating scale. */
const COMMENT_PREVIEW_LENGTH = 50;
const MAX_STARS = 5;

function Stars({ value }: { value: number }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of ${MAX_STARS}`}
      className="flex gap-0.5 text-secondary"
    >
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${i < value ? '' : 'text-base-300'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}

/** One review in the home grid: ratings, avatar, name and the start of the comment. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <figcaption className="flex items-center gap-4">
          <Avatar
            name={review.user}
            src={review.profile}
            size={56}
            lazy
            className="h-14 w-14"
            initialsClassName="bg-accent text-lg font-bold text-accent-content"
          />
          <div>
            <p className="flex flex-wrap items-center gap-x-2 font-semibold">
              {review.user}
              {review.verifiedBuyer ? (
                <span className="badge badge-sm badge-success" title={verifiedBuyerBadge.hint}>
                  {verifiedBuyerBadge.label}
                </span>
              ) : null}
            </p>
            <p className="flex items-center gap-2 text-sm text-base-content/70">
              <span>Ratings</span>
              <Stars value={review.ratings} />
            </p>
          </div>
        </figcaption>
        <blockquote className="text-base-content/85" title={review.comment}>
          “{previewText(review.comment, COMMENT_PREVIEW_LENGTH)}”
        </blockquote>
      </div>
    </figure>
  );
}
