import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, formatCalendarDate, localDate } from '@voltforge/contract/calendar';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import type { Tool } from '@voltforge/contract/tool';
import { hydrated, registerCustomer, seriousViolations, signedInAdmin } from './fixtures';

test('staff expect a batch, the tool page says when it is due, staff move it and receive it into stock', async ({
  page,
  browser,
}) => {
  const staff = await signedInAdmin(browser);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const created = await staff.request.post('/api/tool', {
    data: {
      partNumber: `SUP-${tag}`,
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
  const later = addDays(localDate(new Date()), 28);

  await staff.goto('/dashboard/supply');
  await hydrated(staff);
  const add = staff.getByRole('form', { name: 'Add a batch' });
  await add.getByLabel('Part number').fill(tool.partNumber.toLowerCase());
  await add.getByLabel('Pieces').fill('10');
  await add.getByLabel('Expected on').fill(due);
  await add.getByRole('button', { name: 'Add batch' }).click();
  await expect(staff.getByText(supplyMessages.added)).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  // A buyer reads the tool's page (visitors are asked to sign in once it has painted).
  await registerCustomer(page, 'Tess Buyer');
  await page.goto(`/tool/${tool._id}`);
  await hydrated(page);
  await expect(page.getByText(`Next batch: 10 pcs. due ${formatCalendarDate(due)}.`)).toBeVisible();

  const move = staff.getByRole('form', { name: `Move the batch of ${tool.partNumber}` });
  await move.getByLabel('New date').fill(later);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(staff.getByText(supplyMessages.moved)).toBeVisible();
  await page.reload();
  await expect(
    page.getByText(`Next batch: 10 pcs. due ${formatCalendarDate(later)}.`),
  ).toBeVisible();

  const receive = staff.getByRole('form', { name: `Receive the batch of ${tool.partNumber}` });
  await receive.getByLabel('Arrived').fill('12');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(
    staff.getByRole('alert').filter({ hasText: supplyMessages.receiveTooMuch(10) }),
  ).toBeVisible();
  await receive.getByLabel('Arrived').fill('10');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(staff.getByText(supplyMessages.receivedToast(10))).toBeVisible();
  await expect(
    staff.getByRole('form', { name: `Receive the batch of ${tool.partNumber}` }),
  ).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('article').getByText('28 pcs.')).toBeVisible();
  await expect(page.getByText(/^Next batch:/)).toHaveCount(0);
});
