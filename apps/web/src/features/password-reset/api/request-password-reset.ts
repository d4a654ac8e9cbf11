import { useMutation } from '@tanstack/react-query';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { authClient } from '../../../lib/auth/auth-client';
import { authRequest } from './auth-request';

/**
 * POST /api/auth/request-password-reset (better-auth): mails a link to the reset page if the
 * address has an account, and answers the same either way. Resolves with the address.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  await authRequest(
    authClient.requestPasswordReset({ email, redirectTo: mailLinkPaths.resetPassword }),
  );
  return email;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
