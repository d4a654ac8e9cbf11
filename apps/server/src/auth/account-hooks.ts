import type { FastifyBaseLogger } from 'fastify';
import { APIError } from 'better-auth/api';
import { and, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema/auth.ts';

/**
 * The most sessions an account keeps: signing in once more ends the oldest. Phones, laptops and
 * a few browsers are well within it; an attacker (or a script) signing in over and over cannot
 * pile up live sessions.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 10;

/**
 * Who gets in and as what: ADMIN_EMAILS makes an account admin (new or existing) once its
 * address is proven, by the confirmation link or by a provider that verified it, and a disabled
 * account gets no new session by any sign-in method (docs/auth.md). The operator sees every
 * promotion in the log.
 */
export function accountHooks(config: Config, db: Db, log: FastifyBaseLogger) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return {
    user: {
      create: {
        before: async (newUser: { email: string; emailVerified?: boolean }) => {
          const role = isAdminEmail(newUser.email) && newUser.emailVerified ? 'admin' : 'user';
          if (role === 'admin') {
            log.info({ email: newUser.email }, '[auth] ADMIN_EMAILS made a new account admin');
          }
          return { data: { ...newUser, role } };
        },
      },
    },
    session: {
      create: {
        before: async (newSession: { userId: string }) => {
          const [row] = await db
            .select({ banned: user.banned })
            .from(user)
            .where(eq(user.id, newSession.userId));
          if (row?.banned) {
            throw new APIError('FORBIDDEN', {
              code: 'BANNED_USER',
              message: 'This account has been disabled.',
            });
          }
        },
        after: async (newSession: { userId: string }) => {
          const newest = db
            .select({ id: session.id })
            .from(session)
            .where(eq(session.userId, newSession.userId))
            .orderBy(desc(session.createdAt), desc(session.id))
            .limit(MAX_SESSIONS_PER_ACCOUNT);
          await db
            .delete(session)
            .where(and(eq(session.userId, newSession.userId), notInArray(session.id, newest)));
          // ADMIN_EMAILS also promotes an account that existed before the list named it.
          if (config.adminEmails.length === 0) return;
          const [row] = await db
            .select({ email: user.email, role: user.role, verified: user.emailVerified })
            .from(user)
            .where(eq(user.id, newSession.userId));
          if (row && row.role !== 'admin' && row.verified && isAdminEmail(row.email)) {
            await db.update(user).set({ role: 'admin' }).where(eq(user.id, newSession.userId));
            log.info(
              { userId: newSession.userId, email: row.email },
              '[auth] ADMIN_EMAILS promoted an account to admin on sign-in',
            );
          }
        },
      },
    },
    /** The confirmation link proves the mailbox: a listed address becomes admin now. */
    afterEmailVerification: async (verified: { id: string; email: string }) => {
      if (!isAdminEmail(verified.email)) return;
      const promoted = await db
        .update(user)
        .set({ role: 'admin' })
        .where(and(eq(user.id, verified.id), ne(user.role, 'admin')))
        .returning({ id: user.id });
      if (promoted.length > 0) {
        log.info(
          { userId: verified.id, email: verified.email },
          '[auth] ADMIN_EMAILS promoted an account to admin when its address was confirmed',
        );
      }
    },
  };
}
