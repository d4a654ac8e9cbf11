import { useMutation } from '@tanstack/react-query';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { authClient } from '../../../lib/auth/auth-client';

/**
 * POST /api/auth/send-verification-email (better-auth): a new confirmation link to the signed-in
 * account's address.
 */
export async function resendVerification(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({
    email,
    callbackURL: mailLinkPaths.verifyEmailResult,
  });
  if (error) throw new Error(error.message || 'Could not send the mail. Please try again.');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
