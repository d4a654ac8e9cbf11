import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { Config } from '../config.ts';
import { scopeAuthAsyncContext, signedCookieToken } from '../adapters/better-auth.ts';
import { createAuth, type Auth, type AuthMails } from './better-auth.ts';
import type { SessionUser } from './guards.ts';
import { TaggedCache } from '../cache/tagged-cache.ts';
import { USER_CHANNEL } from '../db/change-channels.ts';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema/auth.ts';

interface CurrentSession {
  user: SessionUser;
  token: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user, read once per request from the session cookie or bearer token. */
    sessionUser(): Promise<SessionUser | null>;
    /**
     * The current session's token (from the same read as sessionUser()), or null when signed out.
     * Kept apart from SessionUser so that a handler returning the user can never leak it.
     */
    sessionToken(): Promise<string | null>;
  }
}

/** A ban with an end date in the past no longer applies. */
function isBanned(who: { banned?: boolean | null; banExpires?: Date | null }): boolean {
  return Boolean(who.banned) && (!who.banExpires || who.banExpires.getTime() > Date.now());
}

/** The session and its user in one query. */
async function findSessionWithUser(db: Db, token: string) {
  const [row] = await db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  return row;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

/** Beyond this many sessions kept, the least recently read go. */
const MAX_CACHED_SESSIONS = 50_000;

/**
 * better-auth on the app (`app.auth`) and the request's session (`request.sessionUser()`). A
 * cookie session is read with one query joining the session to its user, and kept for a few
 * seconds (cache/tagged-cache.ts); every change to the user or its sessions is announced by a
 * trigger and forgets what was kept, on every instance, so a sign-out, ban, role change or
 * removal takes effect on the next request. A banned user or an expired session is signed out.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; mails: AuthMails }) => {
    // Before any better-auth call: its async context must not slow every other request.
    await scopeAuthAsyncContext();
    const auth = createAuth(opts.config, app.db, app.log, opts.mails);
    app.decorate('auth', auth);

    // Sessions read recently, by token, tagged with their user: a signed-in request costs no query.
    const sessions = new TaggedCache<SessionRow>({
      ttlMs: opts.config.sessionCacheTtlMs,
      maxEntries: MAX_CACHED_SESSIONS,
      canKeep: () => app.changeFeed.listening(),
    });
    app.changeFeed.on(USER_CHANNEL, (userId) => sessions.forget(userId));
    app.changeFeed.onResync(() => sessions.clear());

    const context = await auth.$context;
    const cookieName = context.authCookies.sessionToken.name;
    const { expiresIn, updateAge } = context.sessionConfig;

    const toCurrent = (
      row: Awaited<ReturnType<typeof findSessionWithUser>>,
      token: string,
    ): CurrentSession | null =>
      !row || row.expiresAt.getTime() <= Date.now() || isBanned(row)
        ? null
        : {
            user: {
              id: row.id,
              name: row.name,
              email: row.email,
              image: row.image,
              role: row.role === 'admin' ? 'admin' : 'user',
            },
            token,
          };

    // better-auth's own read, for bearer tokens and sessions due for their sliding renewal; the
    // ban is then read with the user, as on the direct path.
    const readThroughAuth = async (request: FastifyRequest) => {
      const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!result) return null;
      const { token } = result.session;
      return toCurrent(await findSessionWithUser(app.db, token), token);
    };

    const read = async (request: FastifyRequest): Promise<CurrentSession | null> => {
      if (request.headers.authorization) return readThroughAuth(request);
      const token = signedCookieToken(request.headers.cookie, cookieName, context.secret);
      if (!token) return null;
      let row = sessions.get(token);
      if (!row) {
        const readAt = sessions.version();
        row = await findSessionWithUser(app.db, token);
        if (row) sessions.set(token, row.id, row, readAt);
      }
      // Due for renewal (as better-auth decides it): let better-auth extend it.
      if (row && row.expiresAt.getTime() - (expiresIn - updateAge) * 1000 <= Date.now()) {
        return readThroughAuth(request);
      }
      return toCurrent(row, token);
    };

    // One session read per request, shared by sessionUser() and sessionToken().
    const cache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
    const currentSession = (request: FastifyRequest) => {
      let pending = cache.get(request);
      if (!pending) {
        pending = read(request);
        cache.set(request, pending);
      }
      return pending;
    };
    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      return currentSession(this).then((current) => current?.user ?? null);
    });
    app.decorateRequest('sessionToken', function (this: FastifyRequest) {
      return currentSession(this).then((current) => current?.token ?? null);
    });
  },
  { name: 'auth', dependencies: ['db', 'change-feed'] },
);
