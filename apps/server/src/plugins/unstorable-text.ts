import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http-error.ts';
import { beforeEachRoute } from './security.ts';

/**
 * Text PostgreSQL cannot store: a NUL character (`text` and `jsonb` refuse it) or half of a UTF-16
 * surrogate pair (`jsonb` refuses the escape; elsewhere it would become U+FFFD). JSON can carry
 * both as escapes (`\u0000`, `\ud800`) and a URL can carry NUL as `%00`. Let through, they made the
 * statement that used them fail with a 500, and an order carrying one failed the other orders
 * placed in the same call (docs/decisions/008-order-group-commit.md).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const WHY = 'must not contain a NUL character or half of a Unicode surrogate pair';

/**
 * Where in a parsed JSON value the first unstorable text is: '' for the value itself, a dotted
 * path (`items.2.name`) for a string or key inside it; undefined when there is none.
 */
export function unstorableTextAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path === '' ? String(key) : `${path}.${key}`;
    if (typeof key === 'string' && UNSTORABLE.test(key)) return at;
    const found = unstorableTextAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses unstorable text where it enters, with a 400 that names the field: in JSON bodies (the
 * default parser, then a walk of what it parsed) and as `%00` anywhere in a route's URL. Everything
 * else (routes, the auth handler, the batched order placement) can then assume storable text.
 */
export const unstorableTextPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      void parseJson(
        request,
        typeof body === 'string' ? body : body.toString('utf8'),
        (error, parsed) => {
          if (error) {
            done(error, undefined);
            return;
          }
          const at = unstorableTextAt(parsed);
          if (at === undefined) done(null, parsed);
          else if (at === '') done(badRequest(`The request body ${WHY}.`), undefined);
          else {
            const message = `Text ${WHY}`;
            done(badRequest(`Invalid field "${at}": ${message}.`, { [at]: message }), undefined);
          }
        },
      );
    });
    const refuseNul: onRequestHookHandler = (request, _reply, done) => {
      // A NUL can reach a URL only percent-encoded, so this is cheap enough for every request.
      if (request.url.includes('%00')) {
        done(badRequest('The address of the request contains a NUL character (%00).'));
        return;
      }
      done();
    };
    // Registered before the security plugin, whose hook then goes before this one, so the 400
    // carries the security headers. Pages are left out: a page's data read survives a failure.
    beforeEachRoute(app, refuseNul);
  },
  { name: 'unstorable-text' },
);
