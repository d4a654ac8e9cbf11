import { describe, expect, it } from 'vitest';
import type { RenderedMail } from '../outbox.ts';
import { passwordResetMail, verifyEmailMail } from './account-mails.ts';
import { contactAckMail, contactNoticeMail } from './contact-mails.ts';
import { newsletterConfirmMail } from './newsletter-mails.ts';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  type OrderMailData,
} from './order-mails.ts';
import { lowStockMail } from './stock-mails.ts';

const publicUrl = 'https://shop.example.com';
const hostile = '<script>alert("x")</script> & Co';

const order: OrderMailData = {
  id: '0f6c2a52-1b7e-4c1e-9d57-1f2e3d4c5b6a',
  number: 10042,
  customerName: hostile,
  lines: [
    {
      toolName: 'Bench <b>Multimeter</b>',
      partNumber: 'VF-DM200',
      unitPriceCents: 1250,
      quantity: 3,
      totalCents: 3750,
    },
  ],
  goodsCents: 3750,
  shippingCents: 750,
  taxCents: 371,
  taxRateBp: 825,
  totalCents: 4871,
  address: '1 Main St',
  transactionId: 'pi_test_123',
};

/** The href of every link in the HTML, unescaped. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

function expectSafe(mail: RenderedMail) {
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).not.toMatch(/<img|src=|url\(|@import/i);
  for (const href of hrefs(mail.html)) expect(href.startsWith(`${publicUrl}/`)).toBe(true);
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text.length).toBeGreaterThan(50);
}

describe('mail templates', () => {
  it('name the order by its number and show goods, shipping, tax and total', () => {
    const mail = orderPlacedMail({ publicUrl, order, holdHours: 48 });
    expect(mail.subject).toBe('Your Voltforge order VF-10042: $48.71 to pay');
    for (const row of ['Goods', '$37.50', 'Shipping', '$7.50', 'Tax (8.25 %)', '$3.71', '$48.71']) {
      expect(mail.text).toContain(row);
    }
    const free = orderPaidMail({
      publicUrl,
      order: { ...order, shippingCents: 0, taxCents: 0, taxRateBp: 0, totalCents: 3750 },
    });
    expect(free.text).toContain('Shipping: Free');
    expect(free.text).not.toContain('Tax');
  });

  const all: [string, RenderedMail][] = [
    ['reset', passwordResetMail({ publicUrl, name: hostile, token: 'tok en/1' })],
    ['verify', verifyEmailMail({ publicUrl, name: hostile, token: 'abc.def' })],
    ['placed', orderPlacedMail({ publicUrl, order, holdHours: 48 })],
    ['paid', orderPaidMail({ publicUrl, order })],
    ['shipped', orderShippedMail({ publicUrl, order })],
    ['delivered', orderDeliveredMail({ publicUrl, order })],
    ['cancelled', orderCancelledMail({ publicUrl, order, by: 'admin', wasPaid: true })],
    [
      'contact ack',
      contactAckMail({
        publicUrl,
        contact: { topic: 'support', name: hostile, email: 'a@b.co', message: hostile },
      }),
    ],
    [
      'contact notice',
      contactNoticeMail({
        publicUrl,
        contact: { topic: 'design', name: hostile, email: 'a@b.co', message: hostile },
      }),
    ],
    ['newsletter', newsletterConfirmMail({ publicUrl, token: 'n-token' })],
    [
      'low stock',
      lowStockMail({
        publicUrl,
        tools: [{ name: hostile, partNumber: 'VF-X1', inStock: 1, lowStockThreshold: 4 }],
      }),
    ],
  ];

  it.each(all)(
    '%s: escapes user data, links only to PUBLIC_URL, loads nothing remote',
    (_, mail) => {
      expectSafe(mail);
    },
  );

  it('shows user data escaped in HTML and as typed in the text version', () => {
    const mail = orderPlacedMail({ publicUrl, order, holdHours: 48 });
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('Bench &lt;b&gt;Multimeter&lt;/b&gt;');
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.text).toContain('Item: Bench <b>Multimeter</b>');
  });

  it('sends the reset link to the reset page with the token, in HTML and text', () => {
    const mail = passwordResetMail({ publicUrl, name: 'Ada', token: 'tok en/1' });
    const link = 'https://shop.example.com/reset-password?token=tok+en%2F1';
    expect(hrefs(mail.html)).toContain(link);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in one hour');
    expect(mail.subject).toBe('Reset your Voltforge password');
  });

  it('verifies through the auth endpoint and comes back to the result page', () => {
    const mail = verifyEmailMail({ publicUrl, name: 'Ada', token: 'abc.def' });
    expect(mail.text).toContain(
      'https://shop.example.com/api/auth/verify-email?token=abc.def&callbackURL=%2Fverify-email',
    );
  });

  it('lists the order with its total, pay link and hold', () => {
    const mail = orderPlacedMail({ publicUrl, order, holdHours: 48 });
    expect(mail.subject).toBe('Your Voltforge order VF-10042: $48.71 to pay');
    expect(mail.text).toContain('Part number: VF-DM200');
    expect(mail.text).toContain('Unit price: $12.50');
    expect(mail.text).toContain('Quantity: 3');
    expect(mail.text).toContain('Total: $48.71');
    expect(mail.text).toContain(`${publicUrl}/dashboard/payment/${order.id}`);
    expect(mail.text).toContain('for 2 days');
    expect(orderPlacedMail({ publicUrl, order, holdHours: 0 }).text).toContain(
      'until you pay or cancel',
    );
    expect(orderPlacedMail({ publicUrl, order, holdHours: 5 }).text).toContain('for 5 hours');
  });

  it('gives the receipt with the transaction id', () => {
    const mail = orderPaidMail({ publicUrl, order });
    expect(mail.text).toContain('Transaction id: pi_test_123');
    expect(mail.text).toContain('We received your payment of $48.71');
  });

  it('names every part number in every order mail', () => {
    for (const mail of [
      orderPaidMail({ publicUrl, order }),
      orderShippedMail({ publicUrl, order }),
      orderDeliveredMail({ publicUrl, order }),
      orderCancelledMail({ publicUrl, order, by: 'customer', wasPaid: false }),
    ]) {
      expect(mail.text).toContain('Part number: VF-DM200');
      expect(mail.html).toContain('VF-DM200');
    }
  });

  it('lists the tools that ran low and links to the low-stock filter', () => {
    const mail = lowStockMail({
      publicUrl,
      tools: [
        { name: 'Relay Board', partNumber: 'VF-RL12', inStock: 3, lowStockThreshold: 4 },
        { name: 'Probe Set', partNumber: 'VF-TL100', inStock: 0, lowStockThreshold: 2 },
      ],
    });
    expect(mail.subject).toBe('Low stock: 2 tools');
    expect(mail.text).toContain('Part number: VF-RL12');
    expect(mail.text).toContain('Part number: VF-TL100');
    expect(mail.text).toContain(`${publicUrl}/dashboard/manageTools?lowStock=1`);
  });

  it('says who cancelled', () => {
    const text = (by: 'customer' | 'admin' | 'expired', wasPaid = false) =>
      orderCancelledMail({ publicUrl, order, by, wasPaid }).text;
    expect(text('customer')).toContain('You cancelled this order.');
    expect(text('admin')).toContain('Our team cancelled this order.');
    expect(text('expired')).toContain('not paid in time');
    expect(text('admin', true)).toContain('We are refunding your payment');
    expect(text('customer')).toContain('Nothing was charged');
  });

  it('acknowledges a contact message with its team and quotes it', () => {
    const mail = contactAckMail({
      publicUrl,
      contact: { topic: 'design', name: 'Grace', email: 'g@x.co', message: 'Line one\nLine two' },
    });
    expect(mail.text).toContain('design team');
    expect(mail.text).toContain('within two working days');
    expect(mail.text).toContain('> Line one\n> Line two');
  });

  it('links the newsletter confirmation and unsubscribe pages', () => {
    const mail = newsletterConfirmMail({ publicUrl, token: 'n-token' });
    expect(mail.text).toContain(`${publicUrl}/newsletter/confirm?token=n-token`);
    expect(mail.text).toContain(`${publicUrl}/unsubscribe?token=n-token`);
  });
});
