import type { FastifyBaseLogger } from 'fastify';
import type { GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';

/**
 * Pre-account-takeover defence (docs/auth.md). A social identity is linked to an existing account
 * only when the provider says the email is verified: no provider is trusted blindly.
 */
export const accountLinking = {
  enabled: true,
  trustedProviders: [],
  // A password account whose owner has not followed the confirmation link is not refused either:
  // revokeUnprovenAccess hands it to the proven owner. A confirmed one is linked as it is.
  requireLocalEmailVerified: false,
  allowDifferentEmails: false,
};

/** The shop links a social identity only by signing in with a verified email, never on request. */
export function refuseExplicitLinking(path: string): void {
  if (path === '/link-social') {
    throw new APIError('FORBIDDEN', {
      code: 'LINKING_BY_SIGN_IN_ONLY',
      message:
        'Sign in with the provider instead; accounts with the same verified email are linked.',
    });
  }
}

/**
 * If the linked account's own email was never proven (a password account whose confirmation
 * link was never followed), whoever created it may not own the mailbox; so, like better-auth's
 * magic-link and email-OTP flows, everything the account accrued before the proof (password,
 * other unproven links, sessions) is removed and the verified owner takes it over.
 */
async function revokeUnprovenAccess(ctx: GenericEndpointContext, userId: string) {
  const internal = ctx.context.internalAdapter;
  const owner = await internal.findUserById(userId);
  if (!owner || owner.emailVerified) return false;
  const previous = await internal.findAccounts(userId);
  if (previous.length === 0) return false;
  for (const unproven of previous) await internal.deleteAccount(unproven.id);
  await internal.deleteUserSessions(userId);
  return true;
}

/** better-auth's hook before an account (a login method) is added to a user. */
export function beforeAccountCreate(log: FastifyBaseLogger) {
  return async (
    newAccount: { providerId: string; userId: string },
    ctx: GenericEndpointContext | null | undefined,
  ) => {
    if (newAccount.providerId === 'credential' || !ctx) return;
    if (await revokeUnprovenAccess(ctx, newAccount.userId)) {
      log.info(
        { userId: newAccount.userId, providerId: newAccount.providerId },
        '[auth] verified social sign-in took over an account whose email was never proven',
      );
    }
  };
}
