import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openTestDatabase, registerUser, request, sessionCookie, testConfig } from './test-app.ts';

/**
 * Request logs keep the route pattern and a redacted query, never an email or an OAuth code:
 * the info log is read by more people, and kept longer, than the database.
 */
describe('personal data in the logs', () => {
  const lines: string[] = [];
  let app: App;
  let drop: () => Promise<void>;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    closeDb = () => opened.database.close();
    app = await buildApp(
      testConfig({
        LOG_LEVEL: 'info',
        FACEBOOK_CLIENT_ID: 'log-test-client',
        FACEBOOK_CLIENT_SECRET: 'log-test-secret',
      }),
      { database: opened.database, logStream: { write: (line: string) => void lines.push(line) } },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
    await drop();
  });

  it('a full journey logs neither the customer email nor the OAuth code', async () => {
    const email = 'private.person@example.org';
    const code = 'oauth-code-4f1d9c2b7e';
    const state = 'oauth-state-88a1e0';
    const customer = await registerUser(app, { email, password: 'private-pass-1' });
    const admin = await registerUser(app, { role: 'admin' });
    const enc = encodeURIComponent;

    // The same email registering again: better-auth notes the attempt in its own log.
    await request(app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Again', email, password: 'private-pass-2' },
    });
    const signIn = await request(app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'private-pass-1' },
    });
    expect(signIn.statusCode).toBe(200);
    const me = { ...customer, cookie: sessionCookie(signIn) };
    await request(app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'wrong-password' },
    });
    expect((await request(app, { method: 'GET', url: '/api/profile', as: me })).statusCode).toBe(
      200,
    );
    await request(app, {
      method: 'POST',
      url: `/api/user/${enc(email)}`,
      payload: { name: 'Private Person', phone: '+15550001111', address: '1 Hidden Lane' },
      as: me,
    });
    await request(app, { method: 'GET', url: `/api/admin/${enc(email)}`, as: me });
    await request(app, { method: 'PUT', url: `/api/users/${enc(email)}`, as: me });
    await request(app, { method: 'GET', url: `/api/orders?email=${enc(email)}`, as: me });
    await request(app, { method: 'GET', url: `/api/orders?email=${enc(email)}`, as: admin });
    await request(app, { method: 'GET', url: `/api/admin/${enc(email)}`, as: admin });
    await request(app, { method: 'GET', url: `/api/user?email=${enc(email)}`, as: admin });
    await request(app, { method: 'GET', url: `/api/no-such-route/${enc(email)}?email=${email}` });
    await request(app, {
      method: 'GET',
      url: `/api/auth/callback/facebook?code=${code}&state=${state}`,
    });

    const log = lines.join('');
    expect(log).toContain('/api/user/:email'); // the route pattern is still there
    expect(log).toContain('incoming request');
    // The lines that would have carried them are there, redacted.
    expect(log).toContain('Sign-up attempt for existing email: [email]');
    expect(log).toContain('/api/auth/callback/facebook?code=[redacted]&state=[redacted]');
    expect(log).toContain('/api/orders?email=[redacted]');
    for (const secret of [email, enc(email), 'private.person', code, state]) {
      expect(log).not.toContain(secret);
    }
  });

  it('logs an answer written whole (a cached catalogue read) as completed, once', async () => {
    const search = 'private.person@example.org';
    const url = `/api/tool?q=${encodeURIComponent(search)}`;
    await request(app, { method: 'GET', url });
    const before = lines.length;
    const hit = await request(app, { method: 'GET', url });
    expect(hit.statusCode).toBe(200);
    const logged = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = logged.filter((entry) => entry.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ res: { statusCode: 200 } });
    expect(typeof completed[0]?.responseTime).toBe('number');
    expect(lines.slice(before).join('')).not.toContain(search);
  });
});
