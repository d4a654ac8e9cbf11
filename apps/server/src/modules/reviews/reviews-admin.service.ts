import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminReviewListQuery } from '@voltforge/contract/admin';
import {
  reviewMessages,
  type AdminReview,
  type ReviewVisibility,
} from '@voltforge/contract/review';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { review } from '../../db/schema/review.ts';
import { isUuid } from '../../db/ids.ts';
import type { Actor } from '../../auth/guards.ts';
import { notFound } from '../../http-error.ts';
import { paginate, type Page } from '../../paging.ts';
import { reviewToJson, verifiedBuyer, type ReviewRow } from './reviews.service.ts';

const hider = alias(user, 'hider');

const adminColumns = { row: review, verified: verifiedBuyer, hiddenByName: hider.name };

function adminReviewToJson(r: {
  row: ReviewRow;
  verified: boolean;
  hiddenByName: string | null;
}): AdminReview {
  return {
    ...reviewToJson(r.row, r.verified),
    hidden: r.row.hiddenAt !== null,
    hiddenAt: r.row.hiddenAt?.toISOString() ?? null,
    hiddenBy: r.row.hiddenAt ? r.hiddenByName : null,
  };
}

/** Manage Reviews: every review, hidden ones too, newest first, with who hid it and when. */
export async function listAllReviews(
  db: Db,
  query: AdminReviewListQuery,
): Promise<Page<AdminReview>> {
  const rows = db
    .select(adminColumns)
    .from(review)
    .leftJoin(hider, eq(hider.id, review.hiddenBy))
    .orderBy(desc(review.createdAt), desc(review.id))
    .$dynamic();
  return paginate(db, query, { rows, table: review, where: undefined }, adminReviewToJson);
}

/**
 * Hides a review from the home page and the average rating (recording the admin and the time),
 * or shows it again. Hiding an already hidden review keeps who hid it first.
 */
export async function setReviewHidden(
  db: Db,
  admin: Actor,
  { id, hidden }: { id: string } & ReviewVisibility,
): Promise<AdminReview> {
  if (!isUuid(id)) throw notFound(reviewMessages.reviewNotFound);
  const [current] = await db.select().from(review).where(eq(review.id, id));
  if (!current) throw notFound(reviewMessages.reviewNotFound);
  // Conditional, so of two admins hiding the same review at once the first is the one recorded.
  await (hidden
    ? db
        .update(review)
        .set({ hiddenAt: new Date(), hiddenBy: admin.id })
        .where(and(eq(review.id, id), isNull(review.hiddenAt)))
    : db.update(review).set({ hiddenAt: null, hiddenBy: null }).where(eq(review.id, id)));
  const [row] = await db
    .select(adminColumns)
    .from(review)
    .leftJoin(hider, eq(hider.id, review.hiddenBy))
    .where(eq(review.id, id));
  if (!row) throw notFound(reviewMessages.reviewNotFound);
  return adminReviewToJson(row);
}
