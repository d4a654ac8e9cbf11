import { desc } from 'drizzle-orm';
import type { CreateReview, Review } from '@voltforge/contract/review';
import type { Db } from '../../db/client.ts';
import { review } from '../../db/schema/review.ts';
import type { SessionUser } from '../../auth/guards.ts';

type ReviewRow = typeof review.$inferSelect;

function reviewToJson(row: ReviewRow): Review {
  return {
    _id: row.id,
    user: row.userName,
    ratings: row.rating,
    comment: row.comment,
    profile: row.photoUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; ties (same instant) broken by id so pages are stable. */
export async function listReviews(db: Db, limit: number): Promise<Review[]> {
  const rows = await db
    .select()
    .from(review)
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(limit);
  return rows.map(reviewToJson);
}

/**
 * The author is the signed-in user: their id and display name come from the session, never from
 * the body, so a review cannot be posted in someone else's name. Without a photo URL the
 * account's photo is used.
 */
export async function createReview(
  db: Db,
  author: SessionUser,
  input: CreateReview,
): Promise<Review> {
  const [row] = await db
    .insert(review)
    .values({
      userId: author.id,
      userName: author.name,
      rating: input.ratings,
      comment: input.comment,
      photoUrl: input.profile || author.image,
    })
    .returning();
  if (!row) throw new Error('review insert returned no row');
  return reviewToJson(row);
}
