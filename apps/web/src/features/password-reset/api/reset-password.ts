import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth/auth-client';
import { authRequest } from './auth-request';

/** POST /api/auth/reset-password (better-auth): the new password, with the token from the mail. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await authRequest(authClient.resetPassword(input));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
