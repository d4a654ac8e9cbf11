import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineMessage } from '@voltforge/contract/form-fields';
import { contactMessage } from '../../db/schema/contact.ts';
import { createTestApp, request, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (payload: unknown) =>
  request(t.app, { method: 'POST', url: '/api/contact', payload: payload as object });

const valid = {
  topic: 'support',
  name: '  Grace Hopper ',
  email: 'Grace@Example.com',
  message: 'My VF-DM200 shows OL on every range.',
};

describe('POST /api/contact', () => {
  it('stores a support message and confirms it', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ _id: string; topic: string; message: string }>();
    expect(body).toEqual({
      _id: expect.any(String) as unknown,
      topic: 'support',
      message: 'Thanks! Our support team has your message and will reply by email within one day.',
    });
    const [stored] = await t.app.db.select().from(contactMessage);
    expect(stored).toMatchObject({
      id: body._id,
      topic: 'support',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'My VF-DM200 shows OL on every range.',
    });
  });

  it('refuses a name with a line break (it would reach the staff mail subject as a new line)', async () => {
    const before = (await t.app.db.select().from(contactMessage)).length;
    const res = await send({ ...valid, name: 'Eve\r\nBcc: mallory@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { name: oneLineMessage } } });
    expect(await t.app.db.select().from(contactMessage)).toHaveLength(before);
  });

  it('stores a design enquiry with its own confirmation', async () => {
    const res = await send({ ...valid, topic: 'design' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ message: string }>().message).toMatch(/design team/);
  });

  it('ignores fields it does not know', async () => {
    const res = await send({ ...valid, id: 'chosen-by-client', createdAt: '2000-01-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ _id: string }>()._id).not.toBe('chosen-by-client');
  });

  it.each([
    [{ ...valid, topic: 'sales' }, 'topic', 'Choose one of: support, design'],
    [{ ...valid, topic: undefined }, 'topic', 'Choose one of: support, design'],
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ ...valid, email: 'grace@' }, 'email', 'Provide a valid Email'],
    [{ ...valid, message: '' }, 'message', 'Message is required'],
    [{ ...valid, message: 'Help!' }, 'message', 'Message must be at least 10 characters'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
  ])('rejects a bad %s with a 400 on that field', async (payload, field, message) => {
    const before = (await t.app.db.select().from(contactMessage)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: message } },
    });
    expect(await t.app.db.select().from(contactMessage)).toHaveLength(before);
  });
});
