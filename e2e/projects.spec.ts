import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { projectMessages } from '@voltforge/contract/project-rules';
import type { Tool } from '@voltforge/contract/tool';
import { hydrated, registerCustomer } from './fixtures';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const roundUp = (tool: Tool, needed: number) =>
  Math.ceil(Math.max(needed, tool.minOrderQuantity) / tool.orderMultiple) * tool.orderMultiple;

/**
 * The demo catalogue's tools for a 12-line board: one whose next price break is worth buying up
 * to for 5 boards, one with a minimum above what 5 boards need, and ten more in stock.
 */
async function boardTools(page: Page) {
  const res = await page.request.get('/api/tool?pageSize=100');
  expect(res.ok()).toBe(true);
  const tools = (await res.json()) as Tool[];
  // (Ten tools for the other lines, whatever their breaks, enough in stock for 5 boards.)
  // A quantity per board and an attrition that bring 5 boards just under a break worth taking.
  let pick: { tool: Tool; perBoard: number; attrition: number } | undefined;
  for (const t of tools) {
    const next = t.priceBreaks[0];
    if (pick || !next || t.orderMultiple !== 1 || t.inStock < next.quantity * 2) continue;
    for (let perBoard = 1; perBoard * 5 < next.quantity && !pick; perBoard += 1) {
      for (let attrition = 0; attrition <= 50 && !pick; attrition += 5) {
        const quantity = roundUp(t, Math.ceil((perBoard * 5 * (100 + attrition)) / 100));
        if (quantity < next.quantity && next.quantity * next.price < quantity * t.price) {
          pick = { tool: t, perBoard, attrition };
        }
      }
    }
  }
  if (!pick) throw new Error('the demo catalogue has no tool with a price break worth taking');
  const { tool: breakTool, perBoard, attrition } = pick;
  const minimumTool = tools.find(
    (t) => t._id !== breakTool._id && t.minOrderQuantity > 5 && t.inStock > t.minOrderQuantity * 3,
  );
  if (!minimumTool) throw new Error('the demo catalogue has no tool with a minimum above 5');
  const others = tools
    .filter(
      (t) => t._id !== breakTool._id && t._id !== minimumTool._id && t.inStock >= roundUp(t, 5) * 2,
    )
    .slice(0, 9);
  expect(others).toHaveLength(9);
  return { breakTool, perBoard, attrition, minimumTool, others };
}

test('a KiCad bill of materials becomes a project, priced for 5 boards, bought, paid, and revised', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await registerCustomer(page, 'Pat Prototype');
  const { breakTool, perBoard, attrition, minimumTool, others } = await boardTools(page);
  const [dnpTool, ...rest] = others;
  // 12 lines: the break tool, the minimum tool (1 per board), a DNP line, 8 more, and a part the
  // shop does not sell.
  const rows = [
    `"U1-U${perBoard}","",Package,${perBoard},"",${breakTool.partNumber}`,
    `"J1","",Conn,1,"",${minimumTool.partNumber}`,
    `"C99","",C_0603,1,"DNP",${dnpTool!.partNumber}`,
    ...rest.map((t, i) => `"R${i + 1}","",R_0603,1,"",${t.partNumber}`),
    `"Q1","",SOT-23,1,"",BC847-NOT-SOLD`,
  ];
  const csv = ['"Reference","Value","Footprint","Qty","DNP","MPN"', ...rows].join('\n');
  expect(rows).toHaveLength(12);

  await page.goto('/dashboard/projects');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await page.getByLabel('Or upload a CSV file').setInputFiles({
    name: 'Motor driver.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText('12 rows read.')).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue('Motor driver');
  // Spares for the parts lost in assembly, on the first line.
  await page.locator('fieldset[data-line="1"]').getByLabel('Attrition %').fill(String(attrition));
  await page.locator('fieldset[data-line="2"]').getByLabel('Your reference').fill('MD-J1');
  await expect(page.getByLabel('Part number').last()).toHaveValue('BC847-NOT-SOLD');
  await expect(page.locator('fieldset[data-line="12"]')).toContainText(
    'Not in our catalogue: kept in the project, not bought.',
  );
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Motor driver' })).toBeVisible();
  await expect(page.getByText('Revision 1 · 12 lines')).toBeVisible();

  // Priced for 5 boards: the break offered, the minimum rounded up, DNP and the unknown part kept.
  await page.getByLabel('Number of boards').fill('5');
  await page.getByRole('button', { name: 'Price', exact: true }).click();
  const priced = page.getByRole('table', { name: /^5 boards:/ });
  await expect(priced).toBeVisible();
  const breakRow = priced.locator('tr[data-status]').filter({ hasText: breakTool.partNumber });
  const offer = breakRow.getByRole('checkbox', { name: /^Buy \d+ instead of \d+/ });
  await expect(offer).toBeVisible();
  await offer.check();
  await expect(priced.locator('tr').filter({ hasText: minimumTool.partNumber })).toContainText(
    `for 5 needed`,
  );
  await expect(priced.locator('tr').filter({ hasText: 'BC847-NOT-SOLD' })).toContainText(
    projectMessages.unmatched,
  );
  await expect(priced.locator('tr').filter({ hasText: dnpTool!.partNumber })).toContainText(
    projectMessages.doNotInstall,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add 5 boards to cart' }).click();
  const verdicts = page.getByRole('status').filter({ hasText: 'lines added to your cart' });
  await expect(verdicts).toContainText('10 of 12 lines added to your cart.');
  await expect(verdicts.locator('[data-verdict="unmatched"]')).toContainText('BC847-NOT-SOLD');
  await expect(verdicts.locator('[data-verdict="do_not_install"]')).toHaveCount(1);
  await expect(
    verdicts.locator('[data-verdict="rounded_up"]').filter({ hasText: breakTool.partNumber }),
  ).toContainText('at the price break');

  // Checked out and paid as any cart.
  await verdicts.getByRole('link', { name: 'Go to cart' }).click();
  const lines = page.getByRole('table', { name: 'Cart lines' });
  await expect(lines.getByLabel(`Quantity of ${breakTool.partNumber}`)).toHaveValue(
    String(breakTool.priceBreaks[0]!.quantity),
  );
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('8 Assembly Row, Dayton');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

  // Later, from My Orders: order it again (a verdict per line, the price then and now), and keep
  // it as a project of its own.
  const orderId = page.url().split('/').at(-1)!;
  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const row = page.locator(`[data-order-id="${orderId}"]`).filter({ visible: true });
  await row.getByRole('button', { name: /^Order again/ }).click();
  const again = page.getByRole('status').filter({ hasText: 'added to your cart' });
  await expect(again).toContainText('10 of 10 lines added to your cart.');
  await expect(again.locator('[data-verdict="added"]').first()).toContainText(
    /Then \$[\d,.]+ each, now \$[\d,.]+ each\./,
  );
  await row.getByRole('button', { name: /^Save as project/ }).click();
  await expect(page.getByRole('heading', { name: /^From order VF-\d+$/ })).toBeVisible();
  await expect(page.getByText('Revision 1 · 10 lines')).toBeVisible();

  // A revision changes two lines; the first is kept, and the change is listed.
  await page.getByRole('link', { name: 'My Projects' }).first().click();
  await expect(page.locator('li').filter({ hasText: 'Motor driver' })).not.toContainText('Never');
  await page.getByRole('link', { name: 'Motor driver' }).click();
  await page.getByRole('button', { name: 'Edit lines' }).click();
  await page.locator('fieldset[data-line="2"]').getByLabel('Quantity per board').fill('3');
  await page
    .locator('fieldset[data-line="12"]')
    .getByRole('button', { name: /^Remove/ })
    .click();
  await page.getByRole('button', { name: 'Save as revision 2' }).click();
  await expect(page.getByText('Revision 2 · 11 lines')).toBeVisible();
  const changes = page.getByRole('list', { name: 'Changes from revision 1 to 2' });
  await expect(changes).toContainText(`${minimumTool.partNumber}: 1 → 3 per board`);
  await expect(changes).toContainText('Removed BC847-NOT-SOLD (1 per board)');

  // The order placed from revision 1 still says so, with the buyer's reference on its line.
  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const placed = page.locator(`[data-order-id="${orderId}"]`).filter({ visible: true });
  await expect(placed.getByText('From project Motor driver, revision 1').first()).toBeVisible();
  await expect(placed).toContainText('Your ref: MD-J1');
});

for (const width of [375, 1280]) {
  test(`the project pages at ${width} px: axe clean, nothing wider than the screen`, async ({
    page,
  }, testInfo) => {
    await registerCustomer(page, 'Wes Width');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/projects');
    await hydrated(page);
    await page
      .getByLabel('Paste a bill of materials')
      .fill('MPN,Qty,Reference\nVF-DM200,2,U1 U2\nNOPE-1,x,R1');
    await page.getByRole('button', { name: 'Read the rows' }).click();
    await expect(page.getByText('2 rows read, 1 to fix.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`projects-${width}.png`), fullPage: true });
    await page.locator('fieldset[data-line="2"]').getByLabel('Quantity per board').fill('1');
    await page.getByLabel('Project name').fill('Width probe');
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect(page.getByRole('heading', { name: 'Width probe' })).toBeVisible();
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await expect(page.getByRole('table', { name: /^1 board:/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`project-${width}.png`), fullPage: true });
  });
}
