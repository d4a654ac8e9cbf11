import type { GenericEndpointContext, User } from 'better-auth';
import { setSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verification } from '../db/schema/auth.ts';

/**
 * A successful POST /api/auth/reset-password signs the account in on the device that reset it.
 * better-auth has no option for this: with `revokeSessionsOnPasswordReset` its endpoint ends every
 * session of the account and then calls `onPasswordReset` with the user, but only answers
 * `{ status: true }`. So `onPasswordReset` notes the user against the request, and the after
 * hook (which sees the same request object) opens one new session and sets its cookie, the way
 * better-auth's own sign-in does. Every session that existed before the reset stays ended; a
 * disabled account gets no session (the session hook in account-hooks.ts refuses it).
 *
 * A reset also kills every other reset link of the account still outstanding: better-auth
 * consumes only the link used, so an older link (mailed earlier, perhaps to an address an
 * attacker reads) would otherwise set the password again. Its one-time values of the account
 * are the rows whose value is the user's id.
 */
export function passwordResetSignIn(db: Db) {
  const resetBy = new WeakMap<Request, User>();
  return {
    onPasswordReset: async ({ user }: { user: User }, request?: Request) => {
      await db.delete(verification).where(eq(verification.value, user.id));
      if (request) resetBy.set(request, user);
    },
    /** For the after hook of every better-auth endpoint. */
    signIn: async (ctx: GenericEndpointContext) => {
      if (ctx.path !== '/reset-password' || !ctx.request) return;
      const user = resetBy.get(ctx.request);
      if (!user) return;
      resetBy.delete(ctx.request);
      const session = await ctx.context.internalAdapter.createSession(user.id);
      await setSessionCookie(ctx, { session, user });
    },
  };
}
