import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { reviewMessages, type CreateReview, type Review } from '@voltforge/contract/review';
import { confirmedOrderStatuses } from '@voltforge/contract/order-rules';
import type { Db } from '../../db/client.ts';
import { review } from '../../db/schema/review.ts';
import type { SessionUser } from '../../auth/guards.ts';
import { conflict } from '../../http-error.ts';

export type ReviewRow = typeof review.$inferSelect;

const DAY_MS = 86_400_000;

/**
 * True when the review's author has a confirmed order (paid or on account, shipping or shipped):
 * worked out when the review is read, so it follows the orders as they are now. Written with
 * qualified names, as the query around it may or may not join other tables.
 */
export const verifiedBuyer = sql<boolean>`exists (select 1 from "order" o where o.user_id = "review"."user_id" and o.status in (${sql.join(
  confirmedOrderStatuses.map((s) => sql`${s}`),
  sql`, `,
)}))`;

export function reviewToJson(row: ReviewRow, verified: boolean): Review {
  return {
    _id: row.id,
    user: row.userName,
    ratings: row.rating,
    comment: row.comment,
    profile: row.photoUrl,
    createdAt: row.createdAt.toISOString(),
    verifiedBuyer: verified,
  };
}

/** Newest first, hidden reviews left out; ties (same instant) broken by id so pages are stable. */
export async function listReviews(db: Db, limit: number): Promise<Review[]> {
  const rows = await db
    .select({ row: review, verified: verifiedBuyer })
    .from(review)
    .where(isNull(review.hiddenAt))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(limit);
  return rows.map((r) => reviewToJson(r.row, r.verified));
}

/**
 * The author is the signed-in user: their id and display name come from the session, never from
 * the body, so a review cannot be posted in someone else's name. Without a photo URL the
 * account's photo is used. One review per account per day (409), so one account cannot drown
 * the others or steer the average; the check and the insert run under a per-account lock, so two
 * posts at once cannot both pass it.
 */
export async function createReview(
  db: Db,
  author: SessionUser,
  input: CreateReview,
): Promise<Review> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`review:${author.id}`}, 0))`,
    );
    const [recent] = await tx
      .select({ id: review.id })
      .from(review)
      .where(and(eq(review.userId, author.id), gt(review.createdAt, new Date(Date.now() - DAY_MS))))
      .limit(1);
    if (recent) throw conflict(reviewMessages.oncePerDay);
    const [created] = await tx
      .insert(review)
      .values({
        userId: author.id,
        userName: author.name,
        rating: input.ratings,
        comment: input.comment,
        photoUrl: input.profile || author.image,
      })
      .returning();
    if (!created) throw new Error('review insert returned no row');
    const [verified] = await tx
      .select({ verified: verifiedBuyer })
      .from(review)
      .where(eq(review.id, created.id));
    return { created, verified: verified?.verified ?? false };
  });
  return reviewToJson(row.created, row.verified);
}
