import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SELLER, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'voltforge-config-'));

describe('configuration', () => {
  it('defaults to the embedded shop: PGlite under DATA_DIR, port 3000, demo seed on', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: dir });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.seedDemoAccounts).toBe(true);
    expect(config.payments).toEqual({ provider: 'test' });
  });

  it('invoices the demo shop with a demo seller tax id and tax rate, unless they are set', () => {
    const demo = loadConfig({ DATA_DIR: tmp() });
    expect(demo.seller.taxId).toBe(DEMO_SELLER.taxId);
    expect(demo.shopTerms.taxRateBasisPoints).toBe(825);
    const set = loadConfig({ DATA_DIR: tmp(), TAX_RATE: '0', SELLER_TAX_ID: '' });
    expect(set.shopTerms.taxRateBasisPoints).toBe(0);
    expect(set.seller.taxId).toBeNull();
    const own = loadConfig({ DATA_DIR: tmp(), TAX_RATE: '7', SELLER_TAX_ID: 'US 12-3456789' });
    expect(own.shopTerms.taxRateBasisPoints).toBe(700);
    expect(own.seller.taxId).toBe('US 12-3456789');
    // A real shop (PostgreSQL, or the embedded database without the demo) has neither by default.
    for (const env of [
      {
        DATABASE_URL: 'postgres://shop@db/shop',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://shop.example.com',
      },
      { SEED_DEMO: 'false' },
    ]) {
      const config = loadConfig({ DATA_DIR: tmp(), ...env });
      expect(config.shopTerms.taxRateBasisPoints).toBe(0);
      expect(config.seller.taxId).toBeNull();
    }
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'shop.example.com'])(
    'keeps the demo accounts and test cards off on the reachable address %s, and says so',
    (host) => {
      const config = loadConfig({ DATA_DIR: tmp(), HOST: host });
      expect(config.seedDemo).toBe(true);
      expect(config.seedDemoAccounts).toBe(false);
      expect(config.payments).toEqual({ provider: 'none' });
      expect(config.startupNotices).toEqual([
        {
          level: 'info',
          message: `Listening on ${host}, which other machines can reach: no demo accounts and no test card payments (set DEMO=true to allow them)`,
        },
      ]);
    },
  );

  it.each(['127.0.0.1', '::1', 'localhost'])(
    'keeps the demo on the loopback address %s',
    (host) => {
      const config = loadConfig({ DATA_DIR: tmp(), HOST: host });
      expect(config.seedDemoAccounts).toBe(true);
      expect(config.payments).toEqual({ provider: 'test' });
      expect(config.startupNotices).toEqual([]);
    },
  );

  it('exposes the demo only when DEMO=true is set, with a warning', () => {
    const config = loadConfig({ DATA_DIR: tmp(), HOST: '0.0.0.0', DEMO: 'true' });
    expect(config.seedDemoAccounts).toBe(true);
    expect(config.payments).toEqual({ provider: 'test' });
    expect(config.startupNotices).toEqual([
      {
        level: 'warn',
        message:
          'DEMO=true on 0.0.0.0, which other machines can reach: the demo accounts (published passwords) and test card payments are open to them',
      },
    ]);
    const off = loadConfig({ DATA_DIR: tmp(), DEMO: 'false' });
    expect(off.seedDemoAccounts).toBe(false);
    expect(off.payments).toEqual({ provider: 'none' });
  });

  it('generates the auth secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        ORDER_HOLD_HOURS: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL', 'ORDER_HOLD_HOURS']) {
      expect(problems).toContain(key);
    }
  });

  it("takes the seller's time zone by its IANA name, UTC by default", () => {
    const dataDir = tmp();
    expect(loadConfig({ DATA_DIR: dataDir }).shopTimeZone).toBe('UTC');
    expect(loadConfig({ DATA_DIR: dataDir, SHOP_TIME_ZONE: 'America/Chicago' }).shopTimeZone).toBe(
      'America/Chicago',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SHOP_TIME_ZONE: must be a time zone name/,
    );
  });

  it('requires a secret and public URL with PostgreSQL, and no demo seed by default', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://localhost/x',
      BETTER_AUTH_SECRET: 'a'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://localhost/x' });
    expect(config.seedDemo).toBe(false);
    expect(config.seedDemoAccounts).toBe(false);
    expect(config.publicUrl).toBe('https://shop.example.com');
    // Even when asked to seed the catalogue, a PostgreSQL shop gets no known passwords.
    const seeded = loadConfig({
      DATABASE_URL: 'postgres://localhost/x',
      BETTER_AUTH_SECRET: 'a'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com',
      SEED_DEMO: 'true',
    });
    expect(seeded.seedDemo).toBe(true);
    expect(seeded.seedDemoAccounts).toBe(false);
  });

  it('switches on Stripe and social sign-in only when their keys are set, in pairs', () => {
    const dir = tmp();
    const config = loadConfig({
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: undefined });
    expect(config.facebook).toBeUndefined();
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(() => loadConfig({ DATA_DIR: dir, FACEBOOK_CLIENT_ID: 'only-id' })).toThrow(
      /FACEBOOK_CLIENT_SECRET/,
    );
  });

  describe('card payments', () => {
    const postgres = {
      DATABASE_URL: 'postgres://localhost/x',
      BETTER_AUTH_SECRET: 'a'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com',
    };

    it('takes no card payments on PostgreSQL without Stripe keys', () => {
      expect(loadConfig(postgres).payments).toEqual({ provider: 'none' });
    });

    it('allows the test cards on PostgreSQL only when TEST_PAYMENTS=true is set', () => {
      expect(loadConfig({ ...postgres, TEST_PAYMENTS: 'true' }).payments).toEqual({
        provider: 'test',
      });
      expect(loadConfig({ DATA_DIR: tmp(), TEST_PAYMENTS: 'false' }).payments).toEqual({
        provider: 'none',
      });
      expect(() => loadConfig({ ...postgres, TEST_PAYMENTS: 'sure' })).toThrow(/TEST_PAYMENTS/);
    });

    it('requires the publishable key and webhook secret with the Stripe secret key', () => {
      let error: unknown;
      try {
        loadConfig({ ...postgres, STRIPE_SECRET_KEY: 'sk_live_1' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
        'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
      ]);
      expect(() => loadConfig({ ...postgres, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toThrow(
        /STRIPE_SECRET_KEY: required when STRIPE_PUBLISHABLE_KEY is set/,
      );
    });

    it('uses Stripe, with its API host, when all three keys are set', () => {
      const config = loadConfig({
        ...postgres,
        TEST_PAYMENTS: 'true',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_HOST: 'http://127.0.0.1:9999',
      });
      expect(config.payments).toEqual({
        provider: 'stripe',
        secretKey: 'sk_live_1',
        publishableKey: 'pk_live_1',
        webhookSecret: 'whsec_1',
        apiHost: 'http://127.0.0.1:9999',
      });
    });
  });
  describe('mail', () => {
    const postgres = {
      DATABASE_URL: 'postgres://localhost/x',
      BETTER_AUTH_SECRET: 'a'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com',
    };

    it('keeps mail in the outbox by default, from the shop address, warning only on PostgreSQL', () => {
      const embedded = loadConfig({ DATA_DIR: tmp() });
      expect(embedded.mail).toEqual({
        smtpUrl: undefined,
        from: 'Voltforge <shop@voltforge.example>',
      });
      expect(embedded.warnings).toEqual([]);
      expect(loadConfig(postgres).warnings).toEqual([
        'SMTP_URL is not set: mail is kept in the outbox (admin Mail page), not sent. Set SMTP_URL to deliver it.',
      ]);
    });

    it('sends through SMTP_URL from MAIL_FROM, with no warning', () => {
      const config = loadConfig({
        ...postgres,
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        MAIL_FROM: 'Shop <orders@shop.example.com>',
      });
      expect(config.mail).toEqual({
        smtpUrl: 'smtps://user:pass@mail.example.com:465',
        from: 'Shop <orders@shop.example.com>',
      });
      expect(config.warnings).toEqual([]);
      expect(loadConfig({ ...postgres, MAIL_FROM: 'orders@shop.example.com' }).mail.from).toBe(
        'orders@shop.example.com',
      );
    });

    it('names a bad SMTP_URL and MAIL_FROM together with the other bad keys', () => {
      let error: unknown;
      try {
        loadConfig({
          DATA_DIR: tmp(),
          SMTP_URL: 'http://mail.example.com',
          MAIL_FROM: 'Voltforge shop',
          PORT: 'abc',
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toContain(
        'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
      );
      expect(problems).toContain(
        'MAIL_FROM: must be an address, or a name and an address: Name <shop@example.com>',
      );
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(() => loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL/);
    });
  });

  describe('ORDER_NOTIFY_EMAILS', () => {
    const notify = (value?: string) =>
      loadConfig({ DATA_DIR: tmp(), ORDER_NOTIFY_EMAILS: value }).orderNotifyEmails;

    it('tells nobody by default, unset or empty', () => {
      expect(loadConfig({ DATA_DIR: tmp() }).orderNotifyEmails).toEqual([]);
      expect(notify('')).toEqual([]);
      expect(notify(' , ')).toEqual([]);
    });

    it('takes a comma-separated list of addresses, lower-cased, each once', () => {
      expect(
        notify('Orders@Shop.example.com, sales@shop.example.com,orders@shop.example.com'),
      ).toEqual(['orders@shop.example.com', 'sales@shop.example.com']);
    });

    it('stops the start naming each bad address, with the other bad keys', () => {
      let error: unknown;
      try {
        loadConfig({
          DATA_DIR: tmp(),
          ORDER_NOTIFY_EMAILS: 'orders@shop.example.com, sales, Ops <ops@shop.example.com>',
          PORT: 'abc',
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toContain(
        'ORDER_NOTIFY_EMAILS: must be a comma-separated list of mail addresses (orders@shop.example.com,sales@shop.example.com); not an address: sales, Ops <ops@shop.example.com>',
      );
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    });
  });

  describe('TRUST_PROXY', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }).trustProxy;

    it('is off by default and with false', () => {
      expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
      expect(trust('false')).toBe(false);
    });

    it('takes a hop count', () => {
      expect(trust('1')).toBe(1);
      expect(trust('2')).toBe(2);
    });

    it('takes a comma-separated list of proxy addresses and CIDRs', () => {
      expect(trust('10.0.0.1, 10.1.0.0/16,fd00::/8')).toEqual([
        '10.0.0.1',
        '10.1.0.0/16',
        'fd00::/8',
      ]);
    });

    it('refuses true, saying what to write instead', () => {
      expect(() => trust('true')).toThrow(
        /TRUST_PROXY: .*number of proxies.*TRUST_PROXY=1.*addresses/s,
      );
    });

    it.each(['yes', 'proxy.internal', '10.0.0.0/33', '-1'])('refuses %s', (value) => {
      expect(() => trust(value)).toThrow(ConfigError);
    });
  });
});
