import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages } from '@voltforge/contract/address-rules';
import { profileMessages, type Profile } from '@voltforge/contract/profile';
import { authMessages } from '@voltforge/contract/user';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { session } from '../../db/schema/auth.ts';

let t: ShopTestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createShopTestApp({ names: { customerA: 'Alice Adams', customerB: 'Bob Brown' } });
  ({ customerA: alice, customerB: bob, admin } = t);
});
afterAll(() => t.close());

const complete = {
  name: 'Alice A. Adams',
  about: 'Builds amplifiers.',
  education: 'BSc Electrical Engineering',
  profession: 'Hardware engineer',
  address: '12 Ohm Street, Voltville',
  phone: '+15551234567',
  linkedin: 'https://www.linkedin.com/in/alice-adams',
  img: 'https://img.example.com/alice.png',
  company: 'Adams Audio Ltd',
  taxId: 'GB123456789',
};

function save(email: string, payload: object, as: TestUser | null) {
  return request(t.app, {
    method: 'POST',
    url: `/api/user/${encodeURIComponent(email)}`,
    payload,
    as,
  });
}

async function profileOf(who: TestUser): Promise<Profile> {
  const res = await request(t.app, { method: 'GET', url: '/api/profile', as: who });
  expect(res.statusCode).toBe(200);
  return res.json<Profile>();
}

describe('GET /api/profile', () => {
  it('is for signed-in users only', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(401);
  });

  it('starts with the account name and email and empty profile fields', async () => {
    expect(await profileOf(bob)).toEqual({
      email: bob.email,
      name: 'Bob Brown',
      img: null,
      about: null,
      education: null,
      profession: null,
      address: null,
      phone: null,
      linkedin: null,
      company: null,
      taxId: null,
    });
  });
});

describe('POST /api/user/:email', () => {
  it('saves the profile, and the session shows the new name and photo', async () => {
    const res = await save(alice.email, complete, alice);
    expect(res.statusCode).toBe(200);
    const expected = { ...complete, email: alice.email };
    expect(res.json()).toEqual(expected);
    expect(await profileOf(alice)).toEqual(expected);

    const session = await request(t.app, {
      method: 'GET',
      url: '/api/auth/get-session',
      as: alice,
    });
    expect(session.json<{ user: unknown }>().user).toMatchObject({
      name: 'Alice A. Adams',
      image: 'https://img.example.com/alice.png',
    });
  });

  it('updates an existing profile and clears emptied optional fields', async () => {
    const res = await save(
      alice.email,
      { ...complete, about: '', education: '  ', img: '', phone: '0123456789' },
      alice,
    );
    expect(res.statusCode).toBe(200);
    expect(await profileOf(alice)).toMatchObject({
      about: null,
      education: null,
      img: null,
      phone: '0123456789',
      profession: 'Hardware engineer',
    });
  });

  it('never changes the email, whatever the body says', async () => {
    const res = await save(alice.email, { ...complete, email: 'mallory@example.com' }, alice);
    expect(res.statusCode).toBe(200);
    expect((await profileOf(alice)).email).toBe(alice.email);
  });

  it('matches the email case-insensitively', async () => {
    const changed = {
      ...complete,
      profession: 'Test engineer',
      about: 'Saved via an upper-case email.',
    };
    const res = await save(alice.email.toUpperCase(), changed, alice);
    expect(res.statusCode).toBe(200);
    expect(await profileOf(alice)).toEqual({ ...changed, email: alice.email });
  });

  it.each([
    ['de 123.456.789', 'DE123456789'],
    ['gb123456789', 'GB123456789'],
    ['NL123456789B01', 'NL123456789B01'],
    ['12-3456789', '12-3456789'],
    ['123456789', '12-3456789'],
  ])('takes the VAT / tax id %j, written as invoices print it', async (typed, stored) => {
    const res = await save(alice.email, { ...complete, taxId: typed }, alice);
    expect(res.statusCode).toBe(200);
    expect((await profileOf(alice)).taxId).toBe(stored);
  });

  it.each(['12345', 'DE12', 'US123456789', 'VAT please'])(
    'refuses the VAT / tax id %j with the shapes it takes',
    async (taxId) => {
      const res = await save(alice.email, { ...complete, taxId }, alice);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ taxId: profileMessages.taxIdInvalid });
    },
  );

  it('keeps company and tax id optional: empty clears them', async () => {
    await save(alice.email, complete, alice);
    const res = await save(alice.email, { ...complete, company: '', taxId: '' }, alice);
    expect(res.statusCode).toBe(200);
    expect(await profileOf(alice)).toMatchObject({ company: null, taxId: null });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await save(alice.email, complete, null);
    expect(res.statusCode).toBe(401);
  });

  it("refuses another customer's profile with 403 and leaves it unchanged", async () => {
    const before = await profileOf(alice);
    for (const payload of [{ ...complete, name: 'Hacked by Bob' }, {}]) {
      const res = await save(alice.email, payload, bob);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'forbidden',
        message: profileMessages.onlyYourOwn,
      });
    }
    expect(await profileOf(alice)).toEqual(before);
  });

  it('an admin cannot edit someone else either', async () => {
    const before = await profileOf(alice);
    const res = await save(alice.email, { ...complete, name: 'Renamed by an admin' }, admin);
    expect(res.statusCode).toBe(403);
    expect(await profileOf(alice)).toEqual(before);
  });

  it('names every missing required field', async () => {
    const res = await save(bob.email, { name: 'Bob Brown' }, bob);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'validation_failed',
      fields: {
        profession: profileMessages.professionRequired,
        address: profileMessages.addressRequired,
        phone: profileMessages.phoneRequired,
        linkedin: profileMessages.linkedinRequired,
      },
    });
    const blank = await save(
      bob.email,
      { ...complete, name: ' ', profession: ' ', address: '', phone: '', linkedin: '' },
      bob,
    );
    expect(errorOf(blank).fields).toEqual({
      name: profileMessages.nameRequired,
      profession: profileMessages.professionRequired,
      address: profileMessages.addressRequired,
      phone: profileMessages.phoneRequired,
      linkedin: profileMessages.linkedinRequired,
    });
    expect((await profileOf(bob)).profession).toBeNull();
  });

  it.each(['555-0100', '+1 555 0100', '+44 (20) 7946 0958'])(
    'takes the phone %j, as an order does',
    async (phone) => {
      const res = await save(bob.email, { ...complete, phone }, bob);
      expect(res.statusCode).toBe(200);
      expect((await profileOf(bob)).phone).toBe(phone);
    },
  );

  it.each(['five five five', '555-1234-abc', '12345', '+', '1234567890123456'])(
    'refuses the non-numeric or odd phone %j',
    async (phone) => {
      const res = await save(bob.email, { ...complete, phone }, bob);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ phone: profileMessages.phoneInvalid });
    },
  );

  it.each(['linkedin.com/in/bob', 'not a url', 'javascript:alert(1)', 'ftp://linkedin.com'])(
    'refuses the linkedin %j',
    async (linkedin) => {
      const res = await save(bob.email, { ...complete, linkedin }, bob);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ linkedin: profileMessages.linkedinInvalid });
    },
  );

  it('refuses a photo URL that is not http or https', async () => {
    const res = await save(bob.email, { ...complete, img: 'javascript:alert(1)' }, bob);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ img: profileMessages.imgInvalid });
  });

  it('bounds free text', async () => {
    const res = await save(bob.email, { ...complete, about: 'x'.repeat(1001) }, bob);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ about: profileMessages.aboutTooLong });
  });
});

describe('GET /api/admin/:email', () => {
  const check = (email: string, as: TestUser | null) =>
    request(t.app, { method: 'GET', url: `/api/admin/${encodeURIComponent(email)}`, as });

  it('answers for yourself', async () => {
    expect((await check(bob.email, bob)).json()).toEqual({ admin: false });
    expect((await check(admin.email, admin)).json()).toEqual({ admin: true });
  });

  it('lets an admin check anyone, and 404s an unknown email', async () => {
    expect((await check(bob.email, admin)).json()).toEqual({ admin: false });
    expect((await check('nobody@example.com', admin)).statusCode).toBe(404);
  });

  it('refuses a customer asking about someone else (403) and anonymous callers (401)', async () => {
    expect((await check(admin.email, bob)).statusCode).toBe(403);
    expect((await check(bob.email, null)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:email', () => {
  const tokenFor = (email: string, as: TestUser | null) =>
    request(t.app, {
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(email)}`,
      payload: { email },
      as,
    });

  it('returns a bearer token that authenticates API calls without the cookie', async () => {
    const res = await tokenFor(bob.email, bob);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.length).toBeGreaterThan(10);

    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json<{ email: string }>().email).toBe(bob.email);

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('returns a signed token; the raw session token a leaked response or database row would show is refused', async () => {
    const { token } = (await tokenFor(bob.email, bob)).json<{ token: string }>();
    const rows = await t.app.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, bob.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const { token: raw } of rows) {
      expect(token).not.toBe(raw);
      const viaRaw = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${raw}` },
      });
      expect(viaRaw.statusCode).toBe(401);
    }
    const viaSigned = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaSigned.statusCode).toBe(200);
    expect(viaSigned.json<{ email: string }>().email).toBe(bob.email);
  });

  it("refuses another account's token (403) and anonymous callers (401)", async () => {
    expect((await tokenFor(alice.email, bob)).statusCode).toBe(403);
    expect((await tokenFor(bob.email, null)).statusCode).toBe(401);
  });
});

describe('what a profile may hold that documents print', () => {
  it('refuses emoji in the name and company, and an address an invoice cannot print', async () => {
    const res = await save(
      alice.email,
      {
        ...complete,
        name: 'Alice 👍🏽 Adams',
        company: 'Sparks ⚡ Ltd',
        address: Array.from({ length: 7 }, (_, i) => `Line ${i + 1}`).join('\n'),
      },
      alice,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      name: authMessages.nameEmoji,
      company: profileMessages.companyEmoji,
      address: addressMessages.tooManyLines,
    });
    // Hebrew, Arabic and the signs a company name carries are fine.
    const ok = await save(
      alice.email,
      {
        ...complete,
        name: 'דוד כהן',
        company: 'Acme® Components™',
        address: 'רחוב הרצל 15\nתל אביב',
      },
      alice,
    );
    expect(ok.statusCode).toBe(200);
    expect(await profileOf(alice)).toMatchObject({ name: 'דוד כהן', company: 'Acme® Components™' });
  });
});
