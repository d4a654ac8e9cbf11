import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '@voltforge/contract/address-book';
import { addressBookMessages, MAX_SAVED_ADDRESSES } from '@voltforge/contract/address-book-rules';
import { addressMessages } from '@voltforge/contract/address-rules';
import { phoneMessages } from '@voltforge/contract/phone-rules';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const plant = {
  label: 'Main plant',
  recipient: 'Goods In',
  address: '12 Foundry Way\nSpringfield, IL 62701',
  phone: '+1 555 010 2030',
};

async function save(as: TestUser, body: object) {
  return request(t.app, { method: 'POST', url: '/api/addresses', payload: body, as });
}

async function book(as: TestUser): Promise<SavedAddress[]> {
  return (await request(t.app, { method: 'GET', url: '/api/addresses', as })).json<
    SavedAddress[]
  >();
}

describe('address book', () => {
  it('keeps one default: the first address, or the one made so; removing it passes it on', async () => {
    const buyer = await registerUser(t.app);
    const first = (await save(buyer, plant)).json<SavedAddress>();
    expect(first).toMatchObject({ ...plant, isDefault: true });
    const lab = (await save(buyer, { ...plant, label: 'Lab' })).json<SavedAddress>();
    expect(lab.isDefault).toBe(false);
    const site = (
      await save(buyer, { ...plant, label: 'Site B', isDefault: true })
    ).json<SavedAddress>();
    expect((await book(buyer)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Site B', true],
      ['Lab', false],
      ['Main plant', false],
    ]);
    // Changing the default keeps it the default; making another one so moves it.
    const changed = await request(t.app, {
      method: 'PUT',
      url: `/api/addresses/${site.id}`,
      payload: { ...plant, label: 'Site B', phone: '+1 555 010 9999' },
      as: buyer,
    });
    expect(changed.json<SavedAddress>()).toMatchObject({
      phone: '+1 555 010 9999',
      isDefault: true,
    });
    await request(t.app, {
      method: 'PUT',
      url: `/api/addresses/${lab.id}`,
      payload: { ...plant, label: 'Lab', isDefault: true },
      as: buyer,
    });
    expect((await book(buyer)).filter((a) => a.isDefault).map((a) => a.label)).toEqual(['Lab']);
    // Removing the default makes the oldest of the rest the default.
    const removed = await request(t.app, {
      method: 'DELETE',
      url: `/api/addresses/${lab.id}`,
      as: buyer,
    });
    expect(removed.statusCode).toBe(204);
    expect((await book(buyer)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Main plant', true],
      ['Site B', false],
    ]);
    expect(first.id).toBe((await book(buyer))[0]?.id);
  });

  it('refuses bad input and a full book with clear messages, saving nothing', async () => {
    const buyer = await registerUser(t.app);
    for (const [body, field, message] of [
      [{ ...plant, label: ' ' }, 'label', addressBookMessages.label],
      [{ ...plant, label: 'x'.repeat(41) }, 'label', addressBookMessages.label],
      [{ ...plant, address: '' }, 'address', addressMessages.required],
      [{ ...plant, address: '1\n2\n3\n4\n5\n6' }, 'address', addressBookMessages.tooManyLines],
      [{ ...plant, phone: 'call me' }, 'phone', phoneMessages.invalid],
    ] as const) {
      const res = await save(buyer, body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect(await book(buyer)).toEqual([]);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i += 1) {
      expect((await save(buyer, { ...plant, label: `Site ${i}` })).statusCode).toBe(201);
    }
    const full = await save(buyer, { ...plant, label: 'One more' });
    expect(full.statusCode).toBe(400);
    expect(errorOf(full).message).toBe(addressBookMessages.tooMany);
    expect(await book(buyer)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("is its owner's alone: another account gets 404 and changes nothing", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const mine = (await save(owner, plant)).json<SavedAddress>();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await request(t.app, {
        method,
        url: `/api/addresses/${mine.id}`,
        payload: method === 'PUT' ? { ...plant, label: 'Taken' } : undefined,
        as: other,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await book(owner)).toEqual([mine]);
    expect(await book(other)).toEqual([]);
  });
});
