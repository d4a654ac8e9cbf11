import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { admin, bearer } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { loginSchema, registerSchema, type Role } from '@voltforge/contract/user';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/auth.ts';
import { forbidden, unauthorized } from '../http-error.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
}

/** Validates the sign-up and sign-in bodies with the same contract the web forms use. */
const contractValidation = createAuthMiddleware(async (ctx) => {
  const schema =
    ctx.path === '/sign-up/email'
      ? registerSchema
      : ctx.path === '/sign-in/email'
        ? loginSchema
        : null;
  if (!schema) return;
  const parsed = schema.safeParse(ctx.body ?? {});
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: parsed.error.issues[0]?.message ?? 'Invalid request.',
    });
  }
});

export function createAuth(config: Config, db: Db, log: FastifyBaseLogger) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return betterAuth({
    appName: 'Voltforge',
    // better-auth's messages go to the app's structured log, not the console. At 'info' it does
    // not also print every 4xx answer (a wrong password is not a server error).
    logger: {
      level: 'info',
      log: (level, message, ...args) => log[level]({ args }, `[auth] ${message}`),
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      // The session's user (name, photo, role) is read from the database on every request, so
      // a role change or a removal takes effect at once on every instance.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
      },
    },
    advanced: {
      // better-auth skips its origin (CSRF) check when it detects a test runner; we test what
      // production runs.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    hooks: { before: contractValidation },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => ({
            data: { ...newUser, role: isAdminEmail(newUser.email) ? 'admin' : 'user' },
          }),
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS also promotes an account that existed before the list named it.
          after: async (newSession) => {
            if (config.adminEmails.length === 0) return;
            const [row] = await db
              .select({ email: user.email, role: user.role })
              .from(user)
              .where(eq(user.id, newSession.userId));
            if (row && row.role !== 'admin' && isAdminEmail(row.email)) {
              await db.update(user).set({ role: 'admin' }).where(eq(user.id, newSession.userId));
            }
          },
        },
      },
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user, read once per request from the session cookie or bearer token. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const current = await request.sessionUser();
  if (!current) throw unauthorized();
  return current;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const current = await requireUser(request);
  if (current.role !== 'admin') throw forbidden('Only an admin can do this.');
  return current;
}

/** Route preHandlers: authenticate before the body is used. */
export const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};
export const adminOnly = async (request: FastifyRequest) => {
  await requireAdmin(request);
};

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const auth = createAuth(opts.config, app.db, app.log);
    app.decorate('auth', auth);

    const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = auth.api.getSession({ headers: fromNodeHeaders(this.headers) }).then((result) =>
          result
            ? {
                id: result.user.id,
                name: result.user.name,
                email: result.user.email,
                image: result.user.image ?? null,
                role: result.user.role === 'admin' ? 'admin' : 'user',
              }
            : null,
        );
        cache.set(this, pending);
      }
      return pending;
    });

    // better-auth speaks the Fetch API; hand it the request and copy its response back.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = new URL(request.url, opts.config.publicUrl);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const headers = fromNodeHeaders(request.headers);
        // The client address as Fastify resolved it (TRUST_PROXY decides), for auth rate limits.
        headers.set('x-forwarded-for', request.ip);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key.toLowerCase() !== 'set-cookie') void reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
