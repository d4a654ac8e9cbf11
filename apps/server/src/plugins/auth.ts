import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import type { GenericEndpointContext } from 'better-auth';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfileSchema } from '@voltforge/contract/profile';
import {
  authProvidersSchema,
  loginSchema,
  registerSchema,
  type AuthProviders,
  type Role,
} from '@voltforge/contract/user';
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

interface CurrentSession {
  user: SessionUser;
  token: string;
}

/**
 * better-auth's own endpoints that take a name or a photo obey the same rules as the profile form
 * (POST /api/user/:email): a photo reaches other visitors' `<img src>` (reviews), so only an
 * http(s) URL is kept. `null` clears the photo, as an empty string does on the profile form.
 */
const accountFieldsSchema = z.object({
  name: updateProfileSchema.shape.name.optional(),
  image: updateProfileSchema.shape.img.nullable(),
});

const bodySchemas: Record<string, z.ZodType | undefined> = {
  '/sign-up/email': registerSchema.extend({ image: accountFieldsSchema.shape.image }),
  '/sign-in/email': loginSchema,
  '/update-user': accountFieldsSchema,
};

/**
 * Before every better-auth endpoint: refuse explicit account linking (the shop links a social
 * identity only by signing in with a verified email, see docs/auth.md), keep better-auth's admin
 * endpoints out of reach (admin work goes through /api/user, inside the authorization matrix),
 * and validate the bodies that carry account fields with the same contract the web forms use.
 */
const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  if (ctx.path.startsWith('/admin/')) {
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found.' });
  }
  if (ctx.path === '/link-social') {
    throw new APIError('FORBIDDEN', {
      code: 'LINKING_BY_SIGN_IN_ONLY',
      message:
        'Sign in with the provider instead; accounts with the same verified email are linked.',
    });
  }
  const schema = bodySchemas[ctx.path];
  if (!schema) return;
  const parsed = schema.safeParse(ctx.body ?? {});
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: parsed.error.issues[0]?.message ?? 'Invalid request.',
    });
  }
});

/** Google's issuer; GOOGLE_ISSUER replaces it (tests point it at a local OpenID Connect provider). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Google through OpenID Connect discovery: production reads Google's own discovery document, tests
 * read a local provider's, and both run this same code (PKCE, ID token checked against the
 * issuer's JWKS, nonce and `iss`). better-auth's built-in `google` provider has Google's URLs
 * fixed in code, so it could not be tested end to end (docs/decisions/003-social-sign-in.md).
 */
function googleProvider(google: NonNullable<Config['google']>) {
  const issuer = (google.issuer ?? GOOGLE_ISSUER).replace(/\/$/, '');
  return {
    providerId: 'google',
    name: 'Google',
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Never fall back to trusting an unsigned profile: no verified ID token, no sign-in.
    requireIdTokenVerification: true,
    // Logging out of the shop must not log the person out of their Google account.
    disableProviderLogout: true,
    mapProfileToUser: (profile: Record<string, unknown>) => {
      const email = typeof profile.email === 'string' ? profile.email : '';
      return {
        name: typeof profile.name === 'string' && profile.name ? profile.name : email.split('@')[0],
        image: typeof profile.picture === 'string' ? profile.picture : undefined,
      };
    },
  };
}

/**
 * Pre-account-takeover defence (docs/auth.md). A social identity is linked to an existing account
 * only when the provider says the email is verified. If that account's own email was never
 * proven (a password account: this shop sends no verification mail), whoever created it may not
 * own the mailbox; so, like better-auth's magic-link and email-OTP flows, everything the account
 * accrued before the proof (password, other unproven links, sessions) is removed and the verified
 * owner takes it over.
 */
async function revokeUnprovenAccess(ctx: GenericEndpointContext, userId: string) {
  const internal = ctx.context.internalAdapter;
  const owner = await internal.findUserById(userId);
  if (!owner || owner.emailVerified) return false;
  const previous = await internal.findAccounts(userId);
  if (previous.length === 0) return false;
  for (const unproven of previous) await internal.deleteAccount(unproven.id);
  await internal.deleteUserSessions(userId);
  return true;
}

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
    socialProviders: config.facebook
      ? {
          facebook: {
            clientId: config.facebook.clientId,
            clientSecret: config.facebook.clientSecret,
          },
        }
      : {},
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted blindly: linking needs the provider to assert a verified email.
        trustedProviders: [],
        // Password accounts here never have a verified email (no mail is sent); instead of never
        // linking them, revokeUnprovenAccess hands them to the proven owner.
        requireLocalEmailVerified: false,
        allowDifferentEmails: false,
      },
    },
    // A failed social sign-in without its own error page lands on the login page with ?error=.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
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
        // Every page load asks for the session: many customers behind one NAT share an address,
        // and a limited get-session would show them signed out.
        '/get-session': false,
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
    hooks: { before: beforeAuthEndpoint },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => {
            const role = isAdminEmail(newUser.email) ? 'admin' : 'user';
            if (role === 'admin') {
              // Emails are not verified: the operator should see every promotion (docs/auth.md).
              log.info({ email: newUser.email }, '[auth] ADMIN_EMAILS made a new account admin');
            }
            return { data: { ...newUser, role } };
          },
        },
      },
      account: {
        create: {
          before: async (newAccount, ctx) => {
            if (newAccount.providerId === 'credential' || !ctx) return;
            if (await revokeUnprovenAccess(ctx, newAccount.userId)) {
              log.info(
                { userId: newAccount.userId, providerId: newAccount.providerId },
                '[auth] verified social sign-in took over an account whose email was never proven',
              );
            }
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no new session by any sign-in method (docs/auth.md).
          before: async (newSession) => {
            const [row] = await db
              .select({ banned: user.banned })
              .from(user)
              .where(eq(user.id, newSession.userId));
            if (row?.banned) {
              throw new APIError('FORBIDDEN', {
                code: 'BANNED_USER',
                message: 'This account has been disabled.',
              });
            }
          },
          // ADMIN_EMAILS also promotes an account that existed before the list named it.
          after: async (newSession) => {
            if (config.adminEmails.length === 0) return;
            const [row] = await db
              .select({ email: user.email, role: user.role })
              .from(user)
              .where(eq(user.id, newSession.userId));
            if (row && row.role !== 'admin' && isAdminEmail(row.email)) {
              await db.update(user).set({ role: 'admin' }).where(eq(user.id, newSession.userId));
              // Emails are not verified: the operator should see every promotion (docs/auth.md).
              log.info(
                { userId: newSession.userId, email: row.email },
                '[auth] ADMIN_EMAILS promoted an account to admin on sign-in',
              );
            }
          },
        },
      },
    },
    // No better-auth admin plugin: its endpoints (impersonation, roles, removal) would sit outside
    // the authorization matrix; the `role` field above, /api/user and the `banned` check in the
    // session hook do all the shop needs of it.
    plugins: [
      bearer(),
      ...(config.google ? [genericOAuth({ config: [googleProvider(config.google)] })] : []),
      // Social sign-in in a 500×600 popup (spec section 9); the web falls back to a full-page
      // redirect when the browser blocks it.
      oauthPopup(),
    ],
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
    /**
     * The current session's token (from the same read as sessionUser()), or null when signed out.
     * Kept apart from SessionUser so that a handler returning the user can never leak it.
     */
    sessionToken(): Promise<string | null>;
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

    const providers: AuthProviders = {
      google: Boolean(opts.config.google),
      facebook: Boolean(opts.config.facebook),
    };
    // Outside /api/auth/*, which is better-auth's: which social sign-ins this shop offers.
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/auth-providers',
        { schema: { tags: ['auth'], response: { 200: authProvidersSchema } } },
        async () => providers,
      );

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
        if (url.pathname.startsWith('/api/auth/callback/')) {
          // The popup's last page (the provider's redirect back) must stay in its opener's
          // browsing context group to post the result to it; the site-wide
          // same-origin-allow-popups would sever a window arriving from the provider's origin.
          void reply.header('cross-origin-opener-policy', 'unsafe-none');
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
