import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ShopTerms } from '@voltforge/contract/charges';
import { isTimeZone } from '@voltforge/contract/calendar';
import { emailSchema } from '@voltforge/contract/user';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), as proxy-addr takes it. */
function isProxyAddress(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Which hops may set X-Forwarded-For. `true` would make the client's own left-most entry its
 * address, so anyone could pick a new address per request and never hit a rate limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true trusts whatever the client writes in X-Forwarded-For. Write the number of proxies ' +
          'in front of the shop (TRUST_PROXY=1 for one load balancer) or their addresses ' +
          '(TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
      });
      return z.NEVER;
    }
    const list = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies (1, 2) or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * A comma-separated list of mail addresses (the contract's rule for an address), lower-cased and
 * each once; empty or unset is none.
 */
const addressListSchema = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const list = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => !emailSchema.safeParse(entry).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of mail addresses (orders@shop.example.com,sales@shop.example.com); not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(list.map((entry) => entry.toLowerCase()))];
  });

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** "7.50" → 750 cents; at most two decimals, never negative. */
function dollarsOrIssue(value: string, ctx: z.RefinementCtx, shape: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: `must be ${shape}` });
    return z.NEVER;
  }
  return Math.round(Number(value) * 100);
}

const dollarsSetting = (shape: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => dollarsOrIssue(v, ctx, shape));

const DEFAULT_MAIL_FROM = 'Voltforge <shop@voltforge.example>';
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\//.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().optional(),
  SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  SEED_DEMO: booleanString.optional(),
  DEMO: booleanString.optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_HOST: optionalText,
  TEST_PAYMENTS: booleanString.optional(),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().optional(),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  RATE_LIMIT: booleanString.default(true),
  TRUST_PROXY: trustProxySchema.default(false),
  ORDER_HOLD_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(0, 'must be 0 (never) or more')
    .max(720, 'must be at most 720 (30 days)')
    .default(48),
  SMTP_URL: z
    .string()
    .trim()
    .refine(
      isSmtpUrl,
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      MAIL_FROM_PATTERN,
      'must be an address, or a name and an address: Name <shop@example.com>',
    )
    .default(DEFAULT_MAIL_FROM),
  ORDER_NOTIFY_EMAILS: addressListSchema.default([]),
  MAX_UNPAID_ORDERS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(5),
  CATALOGUE_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no cache) or more')
    .max(60_000, 'must be at most 60000 (one minute)')
    .default(2000),
  SESSION_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no cache) or more')
    .max(60_000, 'must be at most 60000 (one minute)')
    .default(10_000),
  SHIPPING_FLAT_RATE: dollarsSetting('a price in dollars, e.g. 7.50').default(750),
  EXTRA_SHIPMENT_RATE: dollarsSetting('a price in dollars, e.g. 12.00, or 0').default(0),
  FREE_SHIPPING_OVER: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '' || v === 'none') return null;
      return dollarsOrIssue(v, ctx, 'a price in dollars, e.g. 75.00, or none');
    })
    .default(7500),
  TAX_RATE: z
    .string()
    .trim()
    .transform((v, ctx): number => {
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(v) || Number(v) > 100) {
        ctx.addIssue({ code: 'custom', message: 'must be a percentage from 0 to 100, e.g. 8.25' });
        return z.NEVER;
      }
      return Math.round(Number(v) * 100);
    })
    .optional(),
  SELLER_NAME: z.string().trim().min(1).max(200).default('Voltforge Tools Inc.'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default('100 Foundry Way; Springfield, IL 62701; United States'),
  SELLER_TAX_ID: optionalText,
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'must be a time zone name such as UTC or Europe/Berlin'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = Record<string, string | undefined>;

/**
 * Which card provider takes payments. `none` answers every payment call with 503: a shop on a
 * real database never falls back to the test cards unless TEST_PAYMENTS says so.
 */
export type PaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiHost?: string;
    }
  | { provider: 'test' }
  | { provider: 'none' };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Origins a browser may sign in from: PUBLIC_URL, or on a shop without one every loopback
   * spelling of its port (localhost, 127.0.0.1, [::1]), which all reach the same process.
   */
  trustedOrigins: string[];
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  authSecret: string;
  adminEmails: string[];
  /** security.txt's Contact: SECURITY_CONTACT, or security@ the public host. */
  securityContact: string;
  seedDemo: boolean;
  /**
   * Demo sign-ins with published passwords: only on the embedded database, and only while the
   * server listens on a loopback address (or DEMO=true says the operator wants them exposed).
   */
  seedDemoAccounts: boolean;
  /** Lines the entry point logs at start: what the demo safeguards switched on or off, and why. */
  startupNotices: { level: 'info' | 'warn'; message: string }[];
  payments: PaymentsConfig;
  google?: { clientId: string; clientSecret: string; issuer?: string };
  facebook?: { clientId: string; clientSecret: string };
  redisUrl?: string;
  rateLimit: boolean;
  /**
   * Behind a load balancer: how many hops (or which proxy addresses) may set X-Forwarded-For;
   * handed to Fastify as is.
   */
  trustProxy: false | number | string[];
  /** Unpaid orders older than this release their stock; 0 keeps them until cancelled. */
  orderHoldHours: number;
  /**
   * Outgoing mail. Without an SMTP URL nothing leaves the machine: mails are kept in the outbox
   * for admins to read on the Mail page.
   */
  mail: { smtpUrl?: string; from: string };
  /**
   * Staff told of every order placed or paid, in batches (ORDER_NOTIFY_EMAILS); empty: nobody,
   * and no notices are kept.
   */
  orderNotifyEmails: string[];
  /** Things the operator should know at start-up that do not stop it. */
  warnings: string[];
  /** Unpaid orders one account may hold at once; the next is refused until one is paid or cancelled. */
  maxUnpaidOrders: number;
  /**
   * How long a cached catalogue answer may be served without news from the database: the safety
   * net for a missed change notification (0 turns the cache off).
   */
  catalogueCacheTtlMs: number;
  /** How long a session and a signed-in user's own answers may be kept per instance. */
  sessionCacheTtlMs: number;
  /** Shipping and tax: what every order costs beyond its goods (contract charges.ts). */
  shopTerms: ShopTerms;
  /** Who sells: printed on every invoice and credit note. */
  seller: Seller;
  /** The seller's time zone (SHOP_TIME_ZONE): a quote valid until a date expires at its end there. */
  shopTimeZone: string;
  logLevel: string;
  webDistDir: string;
}

export interface Seller {
  name: string;
  /** The address, a line per entry (SELLER_ADDRESS separates lines with ";"). */
  addressLines: string[];
  taxId: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The embedded default keeps its generated auth secret beside the data so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = resolve(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function pairProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const pairs: [string, string | undefined, string, string | undefined][] = [
    ['GOOGLE_CLIENT_ID', env.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', env.GOOGLE_CLIENT_SECRET],
    [
      'FACEBOOK_CLIENT_ID',
      env.FACEBOOK_CLIENT_ID,
      'FACEBOOK_CLIENT_SECRET',
      env.FACEBOOK_CLIENT_SECRET,
    ],
  ];
  for (const [a, av, b, bv] of pairs) {
    if (av && !bv) problems.push(`${b}: required when ${a} is set`);
    if (bv && !av) problems.push(`${a}: required when ${b} is set`);
  }
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_PUBLISHABLE_KEY) {
      problems.push('STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
    }
    if (!env.STRIPE_WEBHOOK_SECRET) {
      problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    }
  } else {
    for (const key of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (env[key]) problems.push(`STRIPE_SECRET_KEY: required when ${key} is set`);
    }
  }
  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    problems.push('BETTER_AUTH_SECRET: required when DATABASE_URL is set');
  }
  if (env.DATABASE_URL && !env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when DATABASE_URL is set');
  }
  return problems;
}

/** Addresses only this machine can reach: what the embedded demo shop may safely listen on. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.trim().toLowerCase());
}

function paymentsConfig(
  e: z.infer<typeof envSchema>,
  database: Config['database']['kind'],
  demoAllowed: boolean,
): PaymentsConfig {
  // pairProblems has already required the publishable key and webhook secret with the secret key.
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      ...(e.STRIPE_API_HOST ? { apiHost: e.STRIPE_API_HOST } : {}),
    };
  }
  // The test cards "pay" for anything: only the embedded demo shop, out of other people's reach,
  // gets them without asking.
  const testCards = e.TEST_PAYMENTS ?? (database === 'pglite' && demoAllowed);
  return testCards ? { provider: 'test' } : { provider: 'none' };
}

/**
 * What the embedded demo shop invoices with when TAX_RATE and SELLER_TAX_ID are not set, so a
 * newcomer's first invoice shows a seller tax id and a tax line; anything else has no tax and no
 * tax id until they are configured.
 */
export const DEMO_SELLER = { taxRateBasisPoints: 825, taxId: 'EIN 00-0000000 (demo)' } as const;

/**
 * The only reader of the environment, so every setting is visible in one place and nothing
 * switches behaviour on a stray variable. Fails listing every bad key.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? pairProblems(parsed.data)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir } as const);
  const loopback = isLoopbackHost(e.HOST);
  const demoAllowed = e.DEMO ?? loopback;
  const payments = paymentsConfig(e, database.kind, demoAllowed);
  const embeddedDemo = database.kind === 'pglite' && (e.SEED_DEMO ?? true);
  const startupNotices: Config['startupNotices'] = [];
  if (!loopback && e.DEMO === true && (embeddedDemo || payments.provider === 'test')) {
    startupNotices.push({
      level: 'warn',
      message: `DEMO=true on ${e.HOST}, which other machines can reach: the demo accounts (published passwords) and test card payments are open to them`,
    });
  } else if (!loopback && e.DEMO === undefined && database.kind === 'pglite') {
    startupNotices.push({
      level: 'info',
      message: `Listening on ${e.HOST}, which other machines can reach: no demo accounts and no test card payments (set DEMO=true to allow them)`,
    });
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedOrigins: e.PUBLIC_URL
      ? [publicUrl]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
    database,
    authSecret: e.BETTER_AUTH_SECRET ?? embeddedSecret(dataDir),
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    securityContact: e.SECURITY_CONTACT ?? `mailto:security@${new URL(publicUrl).hostname}`,
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    seedDemoAccounts: embeddedDemo && demoAllowed,
    startupNotices,
    payments,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    facebook:
      e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET }
        : undefined,
    redisUrl: e.REDIS_URL,
    rateLimit: e.RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    orderHoldHours: e.ORDER_HOLD_HOURS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    orderNotifyEmails: e.ORDER_NOTIFY_EMAILS,
    warnings:
      database.kind === 'postgres' && !e.SMTP_URL
        ? [
            'SMTP_URL is not set: mail is kept in the outbox (admin Mail page), not sent. Set SMTP_URL to deliver it.',
          ]
        : [],
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    shopTerms: {
      shippingFlatCents: e.SHIPPING_FLAT_RATE,
      freeShippingOverCents: e.FREE_SHIPPING_OVER,
      taxRateBasisPoints: e.TAX_RATE ?? (embeddedDemo ? DEMO_SELLER.taxRateBasisPoints : 0),
      extraShipmentCents: e.EXTRA_SHIPMENT_RATE,
    },
    seller: {
      name: e.SELLER_NAME,
      addressLines: e.SELLER_ADDRESS.split(/;|\n/)
        .map((l) => l.trim())
        .filter(Boolean),
      // An empty SELLER_TAX_ID says "none", also on the demo shop.
      taxId:
        e.SELLER_TAX_ID ??
        (embeddedDemo && env.SELLER_TAX_ID === undefined ? DEMO_SELLER.taxId : null),
    },
    shopTimeZone: e.SHOP_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
