import { and, asc, eq, ilike, ne, notExists, or, sql } from 'drizzle-orm';
import {
  adminMessages,
  type DeletedCount,
  type ModifiedCount,
  type UserListQuery,
} from '@voltforge/contract/admin';
import type { BanBody, UserSummary } from '@voltforge/contract/user';
import type { Db, Tx } from '../../db/client.ts';
import { accountEvent } from '../../db/schema/account-event.ts';
import { session, user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import type { Actor } from '../../auth/guards.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http-error.ts';
import { paginate, type Page } from '../../paging.ts';
import { cancelOrder, type CancelSteps } from '../orders/orders.service.ts';
import { containsPattern } from '../tools/tools.service.ts';

/** better-auth stores emails lowercased, so a plain comparison can use the unique index. */
const sameEmail = (email: string) => eq(user.email, email.trim().toLowerCase());
/** The acting admin's own account, written in any letter case. */
const isSelf = (actor: Actor, email: string) =>
  email.trim().toLowerCase() === actor.email.toLowerCase();

/**
 * The last-admin rule: taking `targetId` out of the admins who can sign in (demoted, disabled or
 * removed) must leave at least one. Every such admin's row is locked first, in id order, so two
 * admins demoting or disabling each other at the same moment, on any instances, are serialised:
 * the second sees the first's change and is refused. Call inside the transaction that makes
 * the change.
 */
async function keepAnAdmin(tx: Tx, targetId: string): Promise<void> {
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'admin'), activeAccount))
    .orderBy(asc(user.id))
    .for('update');
  if (!admins.some((a) => a.id === targetId)) return;
  if (admins.length <= 1) throw conflict(adminMessages.lastAdmin);
}

/** An account not disabled: never banned, or a ban whose end has passed (the session check's rule). */
const activeAccount = or(
  eq(user.banned, false),
  sql`${user.banned} is null`,
  sql`${user.banExpires} <= now()`,
);

/** A removed account could place a last order between our cancels and the delete: go again. */
const REMOVE_ATTEMPTS = 3;

const summaryColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  createdAt: user.createdAt,
  emailVerified: user.emailVerified,
  banned: user.banned,
  banExpires: user.banExpires,
  banReason: user.banReason,
  // Who banned the account and when, read once for both: its latest ban on its history
  // (written with the ban).
  lastBan: sql<{
    at: string;
    by: string | null;
  } | null>`(select json_build_object('at', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', a.name) from account_event e left join "user" a on a.id = e.actor_id where e.user_id = "user"."id" and e.kind = 'banned' order by e.created_at desc limit 1)`,
  // One count per listed account, at most a page of them: the order table is indexed by user.
  // Columns named in full: drizzle leaves them unqualified in a one-table select.
  orderCount: sql<number>`(select count(*) from ${order} where "order"."user_id" = "user"."id")::int`,
};

function userSummaryToJson(
  row: {
    [
      K in Exclude<keyof typeof summaryColumns, 'orderCount' | 'lastBan'>
    ]: (typeof user.$inferSelect)[K];
  } & { orderCount: number; lastBan: { at: string; by: string | null } | null },
): UserSummary {
  // The session check's rule: a ban whose end date has passed no longer applies.
  const banned = Boolean(row.banned) && (!row.banExpires || row.banExpires.getTime() > Date.now());
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'user',
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
    banned,
    ban: banned && row.banReason && row.lastBan ? { reason: row.banReason, ...row.lastBan } : null,
    orderCount: Number(row.orderCount),
  };
}

/**
 * A page of accounts, oldest first, so the Sl numbers stay put as people register; with a
 * search, only those whose name or email contains it.
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<Page<UserSummary>> {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const where = pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined;
  const rows = db
    .select(summaryColumns)
    .from(user)
    .where(where)
    .orderBy(asc(user.createdAt), asc(user.id))
    .$dynamic();
  return paginate(db, query, { rows, table: user, where }, userSummaryToJson);
}

async function userExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(sameEmail(email));
  return Boolean(row);
}

/**
 * Make Admin: one conditional UPDATE, so it counts 1 exactly once however many admins press
 * it. The role is read from the database on every request, so it applies at once.
 */
export async function makeAdmin(db: Db, email: string): Promise<ModifiedCount> {
  const changed = await db
    .update(user)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(sameEmail(email), ne(user.role, 'admin')))
    .returning({ id: user.id });
  if (changed.length > 0) return { modifiedCount: 1 };
  if (!(await userExists(db, email))) throw notFound(adminMessages.userNotFound);
  return { modifiedCount: 0 };
}

/**
 * `npm run user:make-admin -- EMAIL`: the way back in when no admin can sign in. The account
 * becomes an admin and is enabled again (a disabled admin is no admin). False for an unknown
 * email.
 */
export async function restoreAdmin(db: Db, email: string): Promise<boolean> {
  const changed = await db
    .update(user)
    .set({ role: 'admin', banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(sameEmail(email))
    .returning({ id: user.id });
  return changed.length > 0;
}

/**
 * Remove admin: the account becomes a customer again, at once (the role is read with the
 * session). An admin cannot remove their own role, so the shop always keeps an admin who can
 * undo what another admin did.
 */
export async function removeAdmin(db: Db, actor: Actor, email: string): Promise<ModifiedCount> {
  if (isSelf(actor, email)) throw badRequest(adminMessages.cannotRemoveOwnAdmin);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(sameEmail(email));
    if (!target) throw notFound(adminMessages.userNotFound);
    await keepAnAdmin(tx, target.id);
    const changed = await tx
      .update(user)
      .set({ role: 'user', updatedAt: new Date() })
      .where(and(eq(user.id, target.id), eq(user.role, 'admin')))
      .returning({ id: user.id });
    return { modifiedCount: changed.length > 0 ? 1 : 0 };
  });
}

/**
 * Disable (ban) an account: it gets no new session (the session hook refuses it) and every
 * session it has ends in the same transaction, so each of its browsers and API clients is
 * signed out on its very next request, on every instance.
 */
export async function banUser(
  db: Db,
  actor: Actor,
  email: string,
  { reason }: BanBody,
): Promise<ModifiedCount> {
  if (isSelf(actor, email)) throw badRequest(adminMessages.cannotBanSelf);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, banned: user.banned })
      .from(user)
      .where(sameEmail(email));
    if (!target) throw notFound(adminMessages.userNotFound);
    await keepAnAdmin(tx, target.id);
    // Already disabled: the ban and its reason stand as they were.
    if (target.banned) return { modifiedCount: 0 };
    await tx
      .update(user)
      .set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
    await tx
      .insert(accountEvent)
      .values({ userId: target.id, kind: 'banned', reason, actorId: actor.id });
    return { modifiedCount: 1 };
  });
}

/**
 * Enable a disabled account: it can sign in again. Its old sessions ended with the ban and stay
 * ended; the owner signs in afresh.
 */
export async function unbanUser(db: Db, actor: Actor, email: string): Promise<ModifiedCount> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(and(sameEmail(email), eq(user.banned, true)))
      .returning({ id: user.id });
    // The ban's reason stays on the account's history.
    for (const row of rows) {
      await tx.insert(accountEvent).values({ userId: row.id, kind: 'unbanned', actorId: actor.id });
    }
    return rows;
  });
  if (changed.length > 0) return { modifiedCount: 1 };
  if (!(await userExists(db, email))) throw notFound(adminMessages.userNotFound);
  return { modifiedCount: 0 };
}

/**
 * Remove User. Their unpaid orders are cancelled first, so they stop reserving stock: each
 * through the orders module's own cancel (stock back, a 'cancel' movement), one by one and
 * outside any transaction, as that cancel first settles the order's payment intent with the
 * card provider (`beforeCancel`). They are cancelled as the customer would cancel them, so an
 * order paid meanwhile is refused (409) and kept; a provider outage stops the removal.
 * Deleting the account row then ends its sessions at once (they cascade); orders keep their
 * customer's name and email for the records and reviews keep their author's name (both
 * reference the account with ON DELETE SET NULL).
 */
export async function removeUser(
  db: Db,
  actor: Actor,
  email: string,
  steps: CancelSteps,
): Promise<DeletedCount> {
  if (isSelf(actor, email)) throw badRequest(adminMessages.cannotRemoveSelf);
  const [target] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(sameEmail(email), ne(user.id, actor.id)));
  if (!target) throw notFound(adminMessages.userNotFound);
  const owner = { ...target, role: 'user' as const };
  const pendingOf = and(eq(order.userId, target.id), eq(order.status, 'pending_payment'));

  for (let attempt = 1; attempt <= REMOVE_ATTEMPTS; attempt++) {
    const pending = await db.select({ id: order.id }).from(order).where(pendingOf);
    for (const { id } of pending) {
      try {
        await cancelOrder(db, owner, id, { ...steps, reason: 'account_removed' });
      } catch (error) {
        // Paid while we were at it: a paid order stays, like every other one, for the records.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    }
    const last = attempt === REMOVE_ATTEMPTS;
    const removed = await db.transaction(async (tx) => {
      await keepAnAdmin(tx, target.id);
      return tx
        .delete(user)
        .where(
          and(
            eq(user.id, target.id),
            last ? undefined : notExists(tx.select({ id: order.id }).from(order).where(pendingOf)),
          ),
        )
        .returning({ id: user.id });
    });
    if (removed.length > 0) return { deletedCount: removed.length };
    if (!(await userExists(db, target.email))) throw notFound(adminMessages.userNotFound);
  }
  throw notFound(adminMessages.userNotFound);
}
