import { createHmac } from 'node:crypto';

/**
 * The bearer token API clients get: the session token with the same HMAC signature the session
 * cookie carries. better-auth's bearer plugin runs with `requireSignature`, so the bare token
 * (as a database row or a leaked log would show it) opens nothing without the server's secret.
 */
export function signedBearerToken(secret: string, sessionToken: string): string {
  const signature = createHmac('sha256', secret).update(sessionToken).digest('base64');
  return `${sessionToken}.${signature}`;
}
