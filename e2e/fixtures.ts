import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import {
  orderCharges,
  shopTermsFromJson,
  type OrderCharges,
  type ShopTermsJson,
} from '@voltforge/contract/charges';
import { dollarsToCents } from '@voltforge/contract/money';
import { demoAccounts } from '../apps/server/src/db/demo-accounts';

/** The demo accounts the server seeds on a fresh data directory (see README). */
export const demo = demoAccounts;

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}

/** Staff's users list searched for one address (its first page holds the 50 oldest accounts). */
export const usersMatching = (email: string) =>
  `/dashboard/users?search=${encodeURIComponent(email)}`;

/** Puts the minimum of the first demo tool in stock (sold singly) in the signed-in buyer's cart. */
export async function cartOneTool(page: Page): Promise<Tool> {
  const tools = (await (await page.request.get('/api/tool?pageSize=50')).json()) as Tool[];
  const tool = tools.find((t) => t.inStock >= t.minOrderQuantity && t.orderMultiple === 1)!;
  const added = await page.request.post('/api/cart/lines', {
    data: { lines: [{ toolId: tool._id, quantity: tool.minOrderQuantity }] },
  });
  expect(added.ok()).toBe(true);
  return tool;
}

/** Signs in through the real login form and waits until the navbar shows the user. */
export async function signIn(page: Page, who: { email: string; password: string; name?: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
}

/** Registers a new customer through the real form; returns the credentials. */
export async function registerCustomer(page: Page, name = 'Jamie Rivera') {
  const who = { name, email: uniqueEmail(), password: 'secret-pass-1' };
  await page.goto('/register');
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  return who;
}

/**
 * Waits until the app has hydrated a server-rendered page. Until then a click or a form sent is
 * held and done once it has (src/boot/held-taps.ts), but a key press sent to a focused element has no
 * handler yet and is lost.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '');
}

/**
 * What an order of these goods (dollars) is charged under the shop's terms as the running shop
 * answers them (GET /api/shop/terms), by the contract's one charges function.
 */
export async function chargesFor(
  request: APIRequestContext,
  goodsDollars: number,
): Promise<OrderCharges> {
  const res = await request.get('/api/shop/terms');
  expect(res.ok()).toBe(true);
  const terms = shopTermsFromJson((await res.json()) as ShopTermsJson);
  return orderCharges(dollarsToCents(goodsDollars), terms);
}

/** The serious and critical axe findings in the page's main content, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A page of its own, signed in as the demo admin. */
export async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, demo.admin);
  return page;
}

/**
 * A tool of the journey's own, cheap enough that an order of it stays under the free-shipping
 * threshold (every demo tool's minimum order is over it), so the order pays shipping.
 */
export async function cheapTool(
  admin: Page,
  opts: { prefix: string; name: string; price: number; minOrderQuantity: number },
): Promise<Tool> {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const created = await admin.request.post('/api/tool', {
    data: {
      partNumber: `${opts.prefix}-${tag}`,
      name: `${opts.name} ${tag}`,
      inStock: 100,
      minOrderQuantity: opts.minOrderQuantity,
      price: opts.price,
      desc: 'A fuse sold cheaply enough to order under the free-shipping threshold.',
      img: '/images/tools/vf-rl12-relay-module.svg',
      category: 'Components',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Tool;
}

/**
 * The signed-in customer of `page` orders the minimum of the first demo tool in stock, through the
 * API as the order form would; the order is unpaid. Returns it and the tool.
 */
export async function placeOrder(page: Page): Promise<{ order: Order; tool: Tool }> {
  const tools = (await (await page.request.get('/api/tool?pageSize=100')).json()) as Tool[];
  const tool = tools.find((t) => t.inStock >= t.minOrderQuantity);
  if (!tool) throw new Error('no tool in stock');
  const placed = await page.request.post('/api/order', {
    data: {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
      phone: '+1 555 010 2030',
      address: '12 Foundry Lane, Springfield',
    },
  });
  expect(placed.status()).toBe(201);
  return { order: (await placed.json()) as Order, tool };
}

/** Opens the newest mail to `to` whose subject matches, and returns its text version. */
export async function openMail(admin: Page, to: string, subject: RegExp): Promise<string> {
  await admin.goto('/dashboard/mail');
  await expect(admin.getByRole('heading', { name: /^Mail/ })).toBeVisible();
  const item = admin
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .filter({ has: admin.getByRole('link', { name: subject }) })
    .first();
  await item.getByRole('link', { name: subject }).click();
  await expect(admin.getByTitle('HTML version')).toBeVisible();
  await admin.getByRole('tab', { name: 'Text' }).click();
  const text = admin.getByLabel('Text version');
  await expect(text).toBeVisible();
  return text.innerText();
}

export function linkIn(text: string, path: string): string {
  const found = text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!found) throw new Error(`no ${path} link in the mail:\n${text}`);
  return found[0];
}

/** Fills an address book's form (the profile's own book or a company's shared one). */
export async function fillAddressForm(
  form: Locator,
  address: { label: string; recipient: string; address: string; phone: string },
) {
  await form.getByLabel('Label').fill(address.label);
  await form.getByLabel('Recipient').fill(address.recipient);
  await form.getByLabel('Address', { exact: true }).fill(address.address);
  await form.getByLabel('Phone').fill(address.phone);
}
