import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage, MailDetail, MailSummary } from '@voltforge/contract/mail';
import { contactMessage } from '../db/schema/contact.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { enqueueMail } from './outbox.ts';
import { request } from '../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../test/shop-fixtures.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
  // Registering the three people mailed them their confirmation links: start from an empty outbox.
  await t.app.db.delete(mailOutbox);
  for (let i = 1; i <= 3; i += 1) {
    await enqueueMail(t.app.db, {
      to: `buyer${i}@example.com`,
      subject: `Order ${i}`,
      html: `<p>Order <b>${i}</b></p>`,
      text: `Order ${i}`,
      kind: 'order_placed',
    });
    // Distinct creation times, so "newest first" has one answer.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await t.app.mailSender.drain();
});
afterAll(() => t.close());

describe('GET /api/mail (admin Mail page)', () => {
  it('lists mails newest first with recipient, subject, status and time, paged', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/mail?pageSize=2', as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const mails = res.json<MailSummary[]>();
    expect(mails.map((m) => [m.to, m.subject, m.status])).toEqual([
      ['buyer3@example.com', 'Order 3', 'kept'],
      ['buyer2@example.com', 'Order 2', 'kept'],
    ]);
    expect(Date.parse(mails[0]!.createdAt)).not.toBeNaN();
    expect(mails[0]).not.toHaveProperty('html');
    const page2 = await request(t.app, {
      method: 'GET',
      url: '/api/mail?pageSize=2&page=2',
      as: t.admin,
    });
    expect(page2.json<MailSummary[]>().map((m) => m.subject)).toEqual(['Order 1']);
  });

  it('opens one mail with its HTML and text versions', async () => {
    const list = await request(t.app, { method: 'GET', url: '/api/mail', as: t.admin });
    const id = list.json<MailSummary[]>()[0]!.id;
    const res = await request(t.app, { method: 'GET', url: `/api/mail/${id}`, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<MailDetail>()).toMatchObject({
      id,
      to: 'buyer3@example.com',
      html: '<p>Order <b>3</b></p>',
      text: 'Order 3',
      kind: 'order_placed',
    });
  });

  it('answers 404 for an unknown or malformed id, 400 for a bad page', async () => {
    for (const id of ['3b0c8f1e-1111-4222-8333-944455556666', 'not-a-uuid']) {
      const res = await request(t.app, { method: 'GET', url: `/api/mail/${id}`, as: t.admin });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Mail not found.' } });
    }
    const bad = await request(t.app, { method: 'GET', url: '/api/mail?page=0', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
      'page',
    );
  });

  it('is for admins only', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/mail', as: t.customerA });
    expect(res.statusCode).toBe(403);
  });
});

describe('the Inbox (contact messages)', () => {
  let first: string;
  beforeAll(async () => {
    const rows = await t.app.db
      .insert(contactMessage)
      .values([
        { topic: 'support', name: 'Grace', email: 'grace@example.com', message: 'First message' },
        { topic: 'design', name: 'Linus', email: 'linus@example.com', message: 'Second message' },
      ])
      .returning({ id: contactMessage.id });
    first = rows[0]!.id;
  });

  const list = async (query = '') => {
    const res = await request(t.app, { method: 'GET', url: `/api/contact${query}`, as: t.admin });
    expect(res.statusCode).toBe(200);
    return { messages: res.json<ContactMessage[]>(), total: res.headers['x-total-count'] };
  };
  const mark = (id: string, read: unknown) =>
    request(t.app, {
      method: 'PATCH',
      url: `/api/contact/${id}`,
      payload: { read },
      as: t.admin,
    });

  it('lists messages unread at first, marks one read and back, and filters', async () => {
    const all = await list();
    expect(all.total).toBe('2');
    expect(all.messages.every((m) => m.readAt === null)).toBe(true);

    const read = await mark(first, true);
    expect(read.statusCode).toBe(200);
    const readAt = read.json<ContactMessage>().readAt;
    expect(readAt).not.toBeNull();
    // Marking it read again keeps the first time it was read.
    expect((await mark(first, true)).json<ContactMessage>().readAt).toBe(readAt);

    const unread = await list('?unread=true');
    expect(unread.total).toBe('1');
    expect(unread.messages.map((m) => m.name)).toEqual(['Linus']);
    expect((await list('?unread=false')).messages.map((m) => m.name)).toEqual(['Grace']);

    expect((await mark(first, false)).json<ContactMessage>().readAt).toBeNull();
    expect((await list('?unread=true')).total).toBe('2');
  });

  it('refuses a bad body or id with a clear error', async () => {
    const bad = await mark(first, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { read: 'read must be true or false' } } });
    const missing = await mark('3b0c8f1e-1111-4222-8333-944455556666', true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'not_found', message: 'Message not found.' },
    });
  });
});
