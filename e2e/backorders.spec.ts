import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, formatCalendarDate, localDate } from '@voltforge/contract/calendar';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import { hydrated, openMail, registerCustomer, seriousViolations, signedInAdmin } from './fixtures';

const monthDay = (date: string) => formatCalendarDate(date).replace(/, \d{4}$/, '');

test('a buyer orders 25 of 18 in stock, ships as available; staff ship 18, receive the batch, ship 7; the buyer is told each time', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await signedInAdmin(browser);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const created = await staff.request.post('/api/tool', {
    data: {
      partNumber: `BO-${tag}`,
      name: `Bench oscilloscope ${tag}`,
      inStock: 18,
      minOrderQuantity: 1,
      price: 899,
      desc: 'A four-channel bench oscilloscope.',
      img: '/images/tools/vf-rl12-relay-module.svg',
      category: 'Measurement & Test',
    },
  });
  expect(created.status()).toBe(201);
  const tool = (await created.json()) as Tool;
  const due = addDays(localDate(new Date()), 21);
  const moved = addDays(localDate(new Date()), 24);

  // Staff: the tool may be sold beyond stock (6 weeks' lead time); a batch of 10 in 3 weeks.
  await staff.goto('/dashboard/supply');
  await hydrated(staff);
  const settings = staff.getByRole('form', { name: 'Back-order settings' });
  await settings.getByLabel('Part number').fill(tool.partNumber);
  await settings.getByLabel('Lead time (weeks)').fill('6');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(staff.getByText(supplyMessages.settingsSaved)).toBeVisible();
  const add = staff.getByRole('form', { name: 'Add a batch' });
  await add.getByLabel('Part number').fill(tool.partNumber);
  await add.getByLabel('Pieces').fill('10');
  await add.getByLabel('Expected on').fill(due);
  await add.getByRole('button', { name: 'Add batch' }).click();
  await expect(staff.getByText(supplyMessages.added)).toBeVisible();

  // The buyer chooses 25 on the tool page and sees how they ship.
  const buyer = await registerCustomer(page, 'Bo Buyer');
  await page.goto(`/tool/${tool._id}`);
  await hydrated(page);
  const addForm = page.getByRole('form', { name: 'Add to cart' });
  await addForm.getByLabel('Pieces to add').fill('25');
  await expect(addForm.getByText(`Ships 18 now, 7 by ${monthDay(due)}`)).toBeVisible();
  await addForm.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByText(`Ships 18 now, 7 by ${monthDay(due)}`)).toBeVisible();
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('8 Assembly Row, Dayton');
  const choice = page.getByRole('group', { name: /back-ordered: how should they ship/ });
  await choice.getByRole('radio', { name: /Ship as available/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1)!;
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${(new Date().getFullYear() + 1) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  const placed = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(placed.shippingMode).toBe('as_available');

  // Staff ship the 18 with tracking.
  await staff.goto(`/dashboard/manageOrder/${orderId}`);
  await hydrated(staff);
  const ship = staff.getByRole('region', { name: 'Ship' });
  await ship.getByLabel(/ready\)$/).fill('18');
  await ship.getByLabel('Carrier').fill('DHL');
  await ship.getByLabel('Tracking number').fill(`JD-${tag}-1`);
  await ship.getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(staff.getByText('Shipment 1 sent: the customer is told.')).toBeVisible();
  const card = staff.getByRole('region', { name: `Order ${orderId}` });
  await expect(card).toContainText('Partially shipped');
  await expect(card).toContainText(`18 shipped · 7 due by ${formatCalendarDate(due)}`);
  expect(await seriousViolations(staff)).toEqual([]);

  // Staff move the batch: the buyer is told the new day.
  await staff.goto('/dashboard/supply');
  await hydrated(staff);
  await expect(staff.getByRole('region', { name: 'Back-orders per tool' })).toContainText(
    tool.partNumber,
  );
  const move = staff.getByRole('form', { name: `Move the batch of ${tool.partNumber}` });
  await move.getByLabel('New date').fill(moved);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(staff.getByText(supplyMessages.moved)).toBeVisible();

  // Received: the 7 are allocated to the order, which can ship now.
  const receive = staff.getByRole('form', { name: `Receive the batch of ${tool.partNumber}` });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(staff.getByText(supplyMessages.receivedToast(10))).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Orders that can ship now' })).toContainText(
    placed.number,
  );
  await staff.goto(`/dashboard/manageOrder/${orderId}`);
  await hydrated(staff);
  await expect(card).toContainText('18 shipped · 7 ready to ship');
  await ship.getByLabel('Tracking number').fill(`JD-${tag}-2`);
  await ship.getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(staff.getByText('Shipment 2 sent: the customer is told.')).toBeVisible();
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();

  // The buyer's orders say what shipped, in which shipment.
  await page.goto('/dashboard/myOrder');
  await hydrated(page);
  const row = page.locator(`[data-order-id="${orderId}"]`).filter({ visible: true });
  await expect(row).toContainText('Shipped');
  await expect(row).toContainText(`JD-${tag}-2`);

  // The buyer got a mail per shipment, and one when the batch's day moved.
  const first = await openMail(
    staff,
    buyer.email,
    new RegExp(`^Part of your Voltforge order ${placed.number}`),
  );
  expect(first).toContain(`JD-${tag}-1`);
  expect(first).toContain(`7 due by ${formatCalendarDate(due)}`);
  const movedMail = await openMail(staff, buyer.email, /^New date for back-ordered items/);
  expect(movedMail).toContain(
    `now due by ${formatCalendarDate(moved)}, was ${formatCalendarDate(due)}`,
  );
  const last = await openMail(
    staff,
    buyer.email,
    new RegExp(`^Your Voltforge order ${placed.number} has shipped`),
  );
  expect(last).toContain('Everything you ordered has now shipped.');
});
