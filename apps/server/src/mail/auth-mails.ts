import type { FastifyBaseLogger } from 'fastify';
import type { AuthMails } from '../auth/better-auth.ts';
import type { Db } from '../db/client.ts';
import { enqueueMail } from './outbox.ts';
import { passwordResetMail, verifyEmailMail } from './templates/account-mails.ts';

/**
 * better-auth's mail callbacks (`emailAndPassword.sendResetPassword` and
 * `emailVerification.sendVerificationEmail`): each queues its mail in the outbox. better-auth has
 * already written the token when it calls them, so there is no shared transaction to join. A
 * failure to queue is logged, never shown: the answer to "reset my password" must not reveal
 * anything, and a sign-up must not fail for its mail.
 */
export function authMailCallbacks(opts: {
  db: Db;
  publicUrl: string;
  log: FastifyBaseLogger;
}): AuthMails {
  const { db, publicUrl, log } = opts;
  const queue = async (what: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (err) {
      log.error({ err }, `[auth] could not queue the ${what} mail`);
    }
  };
  return {
    sendResetPassword: ({ user, token }) =>
      queue('password reset', () =>
        enqueueMail(db, {
          to: user.email,
          kind: 'password_reset',
          userId: user.id,
          ...passwordResetMail({ publicUrl, name: user.name, token }),
        }),
      ),
    sendVerificationEmail: ({ user, token }) =>
      queue('email verification', () =>
        enqueueMail(db, {
          to: user.email,
          kind: 'verify_email',
          userId: user.id,
          ...verifyEmailMail({ publicUrl, name: user.name, token }),
        }),
      ),
  };
}
