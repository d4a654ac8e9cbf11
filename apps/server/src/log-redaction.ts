import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about a request. Logs are read by more people, and kept longer, than the
 * database, so an email (in a path such as /api/user/:email or a `?email=`) or a one-time secret
 * (an OAuth `code` or `state`, a token) never reaches them: a route is logged as its pattern,
 * and a query keeps its keys with harmless values only.
 */

const EMAIL = /[^\s"'<>()[\]{},;:/?#&=]+(@|%40)[^\s"'<>()[\]{},;:/?#&=]+\.[a-z]{2,63}/gi;
const HAS_EMAIL = new RegExp(EMAIL.source, 'i');
const SECRET_KEYS = new Set([
  'email',
  'code',
  'state',
  'token',
  'password',
  'newpassword',
  'currentpassword',
  'id_token',
  'access_token',
  'refresh_token',
  'callbackurl',
]);

export function redactText(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** Strings lose their emails; fields named like a secret or an email lose their value. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return redactText(`${value.name}: ${value.message}`);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : redactValue(item, depth + 1),
    ]),
  );
}

function redactQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = [...params].map(([key, value]) => {
    const shown = SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : redactText(value);
    return `${key}=${shown}`;
  });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** The request as the log shows it: the route pattern (or the redacted path) and redacted query. */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const [path = '', search = ''] = request.url.split(/\?(.*)/s);
  const pattern = request.routeOptions.url;
  // A wildcard route (better-auth's /api/auth/*, the web app) is more useful as its path.
  const shownPath =
    pattern && !pattern.includes('*')
      ? pattern
      : path
          .split('/')
          .map((segment) =>
            HAS_EMAIL.test(segment) || segment.includes('@') ? ':redacted' : segment,
          )
          .join('/');
  return `${shownPath}${redactQuery(search)}`;
}
