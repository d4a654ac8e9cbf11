import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/auth.ts';
import { PASSWORD_RESET_TOKEN_HOURS } from '@voltforge/contract/mail-links';
import { redactText, redactValue } from '../log-redaction.ts';
import { accountHooks } from './account-hooks.ts';
import { accountLinking, beforeAccountCreate } from './account-linking.ts';
import { authEndpointRules } from './endpoint-rules.ts';
import { passwordResetSignIn } from './password-reset-sign-in.ts';
import { socialProviders, socialSignInPlugins } from './social-sign-in.ts';

interface MailUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The mails better-auth asks for, handed over by app.ts (mail sits a layer above auth: its admin
 * pages use auth's guards). Neither throws: each queues its mail and logs a failure.
 */
export interface AuthMails {
  sendResetPassword: (args: { user: MailUser; token: string }) => Promise<void>;
  sendVerificationEmail: (args: { user: MailUser; token: string }) => Promise<void>;
}

/** better-auth as this shop runs it: email and password, social sign-in, sessions in the database. */
export function createAuth(config: Config, db: Db, log: FastifyBaseLogger, mails: AuthMails) {
  const hooks = accountHooks(config, db, log);
  const resetSignIn = passwordResetSignIn(db);
  return betterAuth({
    appName: 'Voltforge',
    // better-auth's messages go to the app's structured log, not the console. At 'info' it does
    // not also print every 4xx answer (a wrong password is not a server error).
    // Its messages can name an email ("Sign-up attempt for existing email: …") or carry an
    // OAuth state; both are redacted like the request log (log-redaction.ts).
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        // A refused origin is explained (once per origin) by auth.routes.ts instead.
        if (/^(Invalid origin|If it's a valid URL)/.test(message)) return;
        log[level]({ args: redactValue(args) }, `[auth] ${redactText(message)}`);
      },
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    // A reset link's token is kept only as a hash, so a read of the table gives no working link.
    // (Links mailed before this was set are still found: better-auth also looks the plain form up.)
    verification: {
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // POST /api/auth/request-password-reset mails a link to /reset-password; the token is used
      // once, within the hour, and setting the password ends every session of the account and
      // signs it in afresh on the device that set it (password-reset-sign-in.ts).
      sendResetPassword: mails.sendResetPassword,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_HOURS * 3600,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: resetSignIn.onPasswordReset,
    },
    // The address is confirmed by a link mailed at registration; signing in does not wait for it.
    emailVerification: {
      sendVerificationEmail: mails.sendVerificationEmail,
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      afterEmailVerification: hooks.afterEmailVerification,
    },
    socialProviders: socialProviders(config),
    account: { accountLinking },
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
        // Each of these writes a mail: a few a minute per address is plenty for a person.
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      // better-auth skips its origin (CSRF) check when it detects a test runner; we test what
      // production runs.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // auth.routes.ts hands over the address Fastify resolved (TRUST_PROXY decides which hop
      // may set it). One IPv6 customer holds a whole /64, so limits count per /64.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], ipv6Subnet: 64 },
    },
    hooks: authEndpointRules(db, resetSignIn, {
      secret: config.authSecret,
      secure: config.publicUrl.startsWith('https://'),
    }),
    databaseHooks: {
      user: hooks.user,
      account: { create: { before: beforeAccountCreate(log) } },
      session: hooks.session,
    },
    // No better-auth admin plugin: its endpoints (impersonation, roles, removal) would sit outside
    // the authorization matrix; the `role` field above, /api/user and the `banned` check in the
    // session hook do all the shop needs of it.
    // API clients get a signed token (auth/bearer-token.ts); the bare session token is refused.
    plugins: [bearer({ requireSignature: true }), ...socialSignInPlugins(config)],
  });
}

export type Auth = ReturnType<typeof createAuth>;
