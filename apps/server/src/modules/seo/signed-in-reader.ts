import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSessionAnswer, pageSession } from '@voltforge/contract/session-answer';

/** A page asks for a handful of reads; more than this are left for the browser to make. */
const MAX_READS_PER_ROUND = 8;

/**
 * The reader of a signed-in page the server renders (the web plugin's `readerOf`): the session
 * as GET /api/auth/get-session answers them, and their reads of the API, each made as the same
 * request their browser would make (their cookie, their address), through the app itself, so
 * every permission, limit and kept answer applies as it would. Undefined for a visitor, at once
 * when their cookies hold no session cookie (the home page is one of these pages: a visitor's
 * other cookies cost it nothing).
 *
 * The session is read through better-auth's own endpoint, as the browser reads it: when it is
 * due for its sliding renewal, better-auth renews it and its new cookie goes out with the page
 * (`setCookie`), as it would with the browser's own read.
 */
export function signedInReader(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const cookie = request.headers.cookie;
    if (!cookie || !getSessionCookie(new Headers({ cookie }))) return undefined;
    const asReader = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { cookie, accept: 'application/json' },
        remoteAddress: request.ip,
      });
    const answer = await asReader('/api/auth/get-session');
    if (answer.statusCode !== 200) return undefined;
    const session: unknown = answer.json();
    if (!isSessionAnswer(session)) return undefined;
    const renewed = answer.headers['set-cookie'];
    const read = async (paths: string[]) => {
      const answers: Record<string, unknown> = {};
      const ours = paths.filter((path) => path.startsWith('/') && !path.startsWith('//'));
      await Promise.all(
        ours.slice(0, MAX_READS_PER_ROUND).map(async (path) => {
          const res = await asReader(`/api${path}`);
          // Anything else (a 404 for an order that is not theirs) is the browser's to ask and show.
          if (res.statusCode === 200) answers[path] = res.json();
        }),
      );
      return answers;
    };
    return {
      session: pageSession(session),
      read,
      setCookie: renewed === undefined ? [] : Array.isArray(renewed) ? renewed : [renewed],
    };
  };
}
