import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import { isSessionAnswer, pageSession } from '@voltforge/contract/session-answer';
import type { ReadAsReader } from '@voltforge/contract/page-render';

/**
 * The reads a page's loaders make on the server (docs/architecture.md, "Pages"): each the same
 * request the browser would make (the reader's cookie, or none for a visitor, and their address),
 * made through the app itself, so every permission, limit and kept answer applies as it would.
 * An answer other than 200 (a 404 for an order that is not theirs) is left for the browser to ask
 * for and show. A paged answer is its items and its total (X-Total-Count), as the app keeps it.
 */
function readAs(app: FastifyInstance, request: FastifyRequest, cookie?: string): ReadAsReader {
  return async (reads) => {
    const answers: Record<string, unknown> = {};
    const ours = reads.filter(({ path }) => path.startsWith('/') && !path.startsWith('//'));
    await Promise.all(
      ours.map(async ({ path, paged }) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api${path}`,
          headers: cookie ? { cookie, accept: 'application/json' } : { accept: 'application/json' },
          remoteAddress: request.ip,
        });
        if (res.statusCode !== 200) return;
        const body: unknown = res.json();
        answers[path] = paged
          ? {
              items: body,
              total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? 0),
            }
          : body;
      }),
    );
    return answers;
  };
}

/** A page's reads as a visitor: everyone's page, the same for every request. */
export function visitorReads(app: FastifyInstance) {
  return (request: FastifyRequest): ReadAsReader => readAs(app, request);
}

/**
 * The reader of a signed-in page the server renders (the web plugin's `readerOf`): the session
 * as GET /api/auth/get-session answers them, and their reads of the API. Undefined for a visitor,
 * at once when their cookies hold no session cookie (the home page is one of these pages: a
 * visitor's other cookies cost it nothing).
 *
 * The session is read through better-auth's own endpoint, as the browser reads it: when it is
 * due for its sliding renewal, better-auth renews it and its new cookie goes out with the page
 * (`setCookie`), as it would with the browser's own read.
 */
export function signedInReader(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const cookie = request.headers.cookie;
    if (!cookie || !getSessionCookie(new Headers({ cookie }))) return undefined;
    const answer = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie, accept: 'application/json' },
      remoteAddress: request.ip,
    });
    if (answer.statusCode !== 200) return undefined;
    const session: unknown = answer.json();
    if (!isSessionAnswer(session)) return undefined;
    const renewed = answer.headers['set-cookie'];
    return {
      session: pageSession(session),
      read: readAs(app, request, cookie),
      setCookie: renewed === undefined ? [] : Array.isArray(renewed) ? renewed : [renewed],
    };
  };
}
