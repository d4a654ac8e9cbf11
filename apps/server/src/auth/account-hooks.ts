import type { FastifyBaseLogger } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';

/**
 * Who gets in and as what: ADMIN_EMAILS makes an account admin (new or existing), and a disabled
 * account gets no new session by any sign-in method (docs/auth.md). Emails are not verified, so
 * the operator sees every promotion in the log.
 */
export function accountHooks(config: Config, db: Db, log: FastifyBaseLogger) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return {
    user: {
      create: {
        before: async (newUser: { email: string }) => {
          const role = isAdminEmail(newUser.email) ? 'admin' : 'user';
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
        // ADMIN_EMAILS also promotes an account that existed before the list named it.
        after: async (newSession: { userId: string }) => {
          if (config.adminEmails.length === 0) return;
          const [row] = await db
            .select({ email: user.email, role: user.role })
            .from(user)
            .where(eq(user.id, newSession.userId));
          if (row && row.role !== 'admin' && isAdminEmail(row.email)) {
            await db.update(user).set({ role: 'admin' }).where(eq(user.id, newSession.userId));
            log.info(
              { userId: newSession.userId, email: row.email },
              '[auth] ADMIN_EMAILS promoted an account to admin on sign-in',
            );
          }
        },
      },
    },
  };
}
