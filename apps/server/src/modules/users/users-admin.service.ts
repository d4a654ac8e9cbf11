import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  adminMessages,
  type DeletedCount,
  type ModifiedCount,
  type UserListQuery,
} from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { badRequest, notFound } from '../../http-error.ts';

const sameEmail = (email: string) => eq(sql`lower(${user.email})`, email.trim().toLowerCase());

/** A page of accounts, oldest first, so the Sl numbers stay put as people register. */
export async function listUsers(
  db: Db,
  query: UserListQuery,
): Promise<{ users: UserSummary[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        createdAt: user.createdAt,
      })
      .from(user)
      .orderBy(asc(user.createdAt), asc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(user),
  ]);
  return {
    users: rows.map((row) => ({
      ...row,
      role: row.role === 'admin' ? 'admin' : 'user',
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
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
 * Remove User. Deleting the account row ends its sessions at once (they cascade); orders keep
 * their customer's name and email for the records and reviews keep their author's name (both
 * reference the account with ON DELETE SET NULL).
 */
export async function removeUser(
  db: Db,
  actor: { id: string; email: string },
  email: string,
): Promise<DeletedCount> {
  if (email.trim().toLowerCase() === actor.email.toLowerCase()) {
    throw badRequest(adminMessages.cannotRemoveSelf);
  }
  const removed = await db
    .delete(user)
    .where(and(sameEmail(email), ne(user.id, actor.id)))
    .returning({ id: user.id });
  if (removed.length === 0) throw notFound(adminMessages.userNotFound);
  return { deletedCount: removed.length };
}
