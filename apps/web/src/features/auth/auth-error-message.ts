import { NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

/** What better-auth's client returns as `error` (and what we keep of a thrown one). */
export interface AuthErrorLike {
  code?: string;
  message?: string;
  status?: number;
}

export const authErrorMessages = {
  incorrectCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  network: NETWORK_ERROR_MESSAGE,
  fallback: 'Something went wrong. Please try again.',
} as const;

/**
 * Clear words for the errors people actually hit; the server's own message for the rest.
 * Unknown user and wrong password read the same on purpose: telling them apart would reveal
 * which emails have accounts.
 */
export function authErrorMessage(error: AuthErrorLike, providerLabel?: string): string {
  if (error.status === 429) return authErrorMessages.tooManyRequests;
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'USER_NOT_FOUND':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return authErrorMessages.incorrectCredentials;
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return authErrorMessages.emailTaken;
    case 'PROVIDER_NOT_FOUND':
      return `Sign-in with ${providerLabel ?? 'that provider'} is not available yet. Please use your email and password.`;
  }
  if (!error.status) return authErrorMessages.network;
  return error.message || authErrorMessages.fallback;
}
