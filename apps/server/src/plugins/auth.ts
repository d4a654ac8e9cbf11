import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { Config } from '../config.ts';
import { createAuth, type Auth } from '../auth/better-auth.ts';
import type { SessionUser } from '../auth/guards.ts';

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

/** better-auth on the app (`app.auth`) and the request's session (`request.sessionUser()`). */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const auth = createAuth(opts.config, app.db, app.log);
    app.decorate('auth', auth);

    // One session read per request, shared by sessionUser() and sessionToken().
    const cache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
    const currentSession = (request: FastifyRequest) => {
      let pending = cache.get(request);
      if (!pending) {
        pending = auth.api
          .getSession({ headers: fromNodeHeaders(request.headers) })
          .then((result) =>
            result
              ? {
                  user: {
                    id: result.user.id,
                    name: result.user.name,
                    email: result.user.email,
                    image: result.user.image ?? null,
                    role: result.user.role === 'admin' ? 'admin' : 'user',
                  },
                  token: result.session.token,
                }
              : null,
          );
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
  { name: 'auth', dependencies: ['db'] },
);
