import { NETWORK_ERROR_MESSAGE } from '../../lib/api/api-client';

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

const cancelled = ['access_denied', 'user_cancelled', 'consent_required'];
const interrupted = [
  'state_not_found',
  'state_mismatch',
  'invalid_code',
  'no_code',
  'please_restart_the_process',
  'invalid_callback_request',
  'nonce_binding_missing',
  'issuer_mismatch',
  'invalid_grant',
];
const unauthorisedAddress = [
  'invalid_origin',
  'invalid_callback_url',
  'invalid_error_callback_url',
  'invalid_new_user_callback_url',
  'invalid_redirect_url',
  'redirect_uri_mismatch',
  'unauthorized_client',
  'invalid_client',
];

/**
 * Clear words for a failed social sign-in (popup blocked, popup closed, cancelled,
 * account exists with a different sign-in method, disabled account, unauthorised domain), from a
 * popup result or from the `?error=` better-auth adds when it sends the browser back.
 */
export function socialErrorMessage(rawCode: string, providerLabel = 'that provider'): string {
  const code = rawCode.toLowerCase();
  if (code === 'popup_blocked') {
    return `Your browser blocked the ${providerLabel} sign-in window. Allow pop-ups for this site and try again.`;
  }
  if (code === 'popup_closed') {
    return `The ${providerLabel} sign-in window was closed before you finished. Please try again.`;
  }
  if (code === 'popup_timeout') {
    return `The ${providerLabel} sign-in window timed out. Please try again.`;
  }
  if (cancelled.includes(code)) return `You cancelled the sign-in with ${providerLabel}.`;
  if (code === 'account_not_linked') {
    return 'An account with this email already exists with a different sign-in method. Log in the way you first signed up, for example with your email and password.';
  }
  if (code === 'banned_user') {
    return 'This account has been disabled. Please contact support if you think this is a mistake.';
  }
  if (unauthorisedAddress.includes(code)) {
    return `Sign-in with ${providerLabel} is not allowed from this web address. Please open the shop at its usual address.`;
  }
  if (['provider_not_found', 'oauth_provider_not_found'].includes(code)) {
    return `Sign-in with ${providerLabel} is not available on this shop.`;
  }
  if (code === 'email_not_found') {
    return `${providerLabel} did not share your email address, which your account needs.`;
  }
  if (interrupted.includes(code)) {
    return `The sign-in with ${providerLabel} was interrupted or took too long. Please try again.`;
  }
  return `Sign-in with ${providerLabel} did not work. Please try again or use your email and password.`;
}

/**
 * Clear words for the errors people actually hit; the server's own message for the rest.
 * Unknown user and wrong password read the same on purpose: telling them apart would reveal
 * which emails have accounts.
 */
export function authErrorMessage(error: AuthErrorLike, providerLabel?: string): string {
  // One account locked after repeated failures: the server's message says for how long.
  if (error.code === 'TOO_MANY_FAILED_SIGN_INS' && error.message) return error.message;
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
  }
  // A social sign-in's failures carry a code and, from the popup, no HTTP status.
  if (providerLabel && error.code) return socialErrorMessage(error.code, providerLabel);
  if (!error.status) return authErrorMessages.network;
  return error.message || authErrorMessages.fallback;
}
