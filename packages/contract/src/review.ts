import { z } from 'zod';
import { isHttpUrl } from './web-address.ts';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_REVIEW_COMMENT_LENGTH = 1000;
export const MAX_REVIEW_USER_LENGTH = 100;
export const MAX_PHOTO_URL_LENGTH = 2048;
/** The home page's review grid shows only this much of each comment, so the cards line up. */
export const REVIEW_COMMENT_PREVIEW_LENGTH = 50;
export const DEFAULT_REVIEW_LIMIT = 12;
export const MAX_REVIEW_LIMIT = 50;

export const reviewMessages = {
  added: 'Review added successfully',
  ratingsRange: `Ratings must be a whole number from ${MIN_RATING} to ${MAX_RATING}`,
  ratingsHint: `Ratings (not more than ${MAX_RATING})`,
  commentRequired: 'Comment is required',
  commentTooLong: `Comment must be at most ${MAX_REVIEW_COMMENT_LENGTH} characters`,
  userTooLong: `User name must be at most ${MAX_REVIEW_USER_LENGTH} characters`,
  photoUrlInvalid: 'Photo URL must be a web address starting with http:// or https://',
  limitRange: `limit must be a whole number from 1 to ${MAX_REVIEW_LIMIT}`,
  oncePerDay: 'You have already posted a review today. You can post another one tomorrow.',
  reviewNotFound: 'Review not found.',
  hidden: 'Review hidden: it no longer shows on the home page or in the average rating.',
  shown: 'Review shown again on the home page.',
} as const;

/**
 * GET /api/review item. `user` is the author's display name; `profile` the photo URL;
 * `verifiedBuyer` says the author has an order that was paid for.
 */
export const reviewSchema = z.object({
  _id: z.string(),
  user: z.string(),
  ratings: z.number().int(),
  comment: z.string(),
  profile: z.string().nullable(),
  createdAt: z.string(),
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * POST /api/review. `user` is accepted because the Add Review form sends it, but ignored: the
 * server names the author from the session, so nobody can post as someone else. An empty or
 * missing `profile` means "use my account photo".
 */
export const createReviewSchema = z.object({
  user: z.string().max(MAX_REVIEW_USER_LENGTH, reviewMessages.userTooLong).optional(),
  ratings: z
    .number({ error: reviewMessages.ratingsRange })
    .int(reviewMessages.ratingsRange)
    .min(MIN_RATING, reviewMessages.ratingsRange)
    .max(MAX_RATING, reviewMessages.ratingsRange),
  comment: z
    .string({ error: reviewMessages.commentRequired })
    .trim()
    .min(1, reviewMessages.commentRequired)
    .max(MAX_REVIEW_COMMENT_LENGTH, reviewMessages.commentTooLong),
  profile: z
    .string({ error: reviewMessages.photoUrlInvalid })
    .trim()
    .max(MAX_PHOTO_URL_LENGTH, reviewMessages.photoUrlInvalid)
    .refine((v) => v === '' || isHttpUrl(v), reviewMessages.photoUrlInvalid)
    .optional(),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;
export type CreateReview = z.output<typeof createReviewSchema>;

/** GET /api/review query: newest first, at most `limit` reviews. */
export const reviewListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: reviewMessages.limitRange })
    .int(reviewMessages.limitRange)
    .min(1, reviewMessages.limitRange)
    .max(MAX_REVIEW_LIMIT, reviewMessages.limitRange)
    .default(DEFAULT_REVIEW_LIMIT),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/** A review as Manage Reviews lists it: with whether, when and by whom it was hidden. */
export const adminReviewSchema = reviewSchema.extend({
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListSchema = z.array(adminReviewSchema);

export const reviewIdParamsSchema = z.object({ id: z.string().max(64) });

/** PATCH /api/review/:id (admin): hide a review from the shop, or show it again. */
export const reviewVisibilitySchema = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type ReviewVisibility = z.infer<typeof reviewVisibilitySchema>;
