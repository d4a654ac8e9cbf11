import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartLine, CartLineInput } from '@voltforge/contract/cart';
import { cartLineProblem, goneCartLine, type CartGoods } from '@voltforge/contract/cart-rules';
import { MAX_CART_LINES, cartMessages } from '@voltforge/contract/cart-text';
import { centsToDollars } from '@voltforge/contract/money';
import { linesTotalCents, nextBreakSuggestion, priceLine } from '@voltforge/contract/pricing';
import {
  largestOrderable,
  mostOrderable,
  quantityProblem,
  type QuantityProblem,
} from '@voltforge/contract/quantity-rules';
import type { Db, Tx } from '../../db/client.ts';
import { availabilityBeyondStock } from '../../stock/supply-read.ts';
import { isUuid } from '../../db/ids.ts';
import { cartLine } from '../../db/schema/cart.ts';
import { project } from '../../db/schema/project.ts';
import { tool, toolColumns } from '../../db/schema/tool.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { pricingOfRow, type ToolRow } from '../tools/tools.service.ts';

/** Carts are changed one at a time per account (advisory lock namespace of the cart). */
const CART_LOCK = 7340023;

async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${userId}))`);
}

function unitPriceCents(row: ToolRow, quantity: number): number {
  return priceLine(pricingOfRow(row), quantity).unitPriceCents;
}

/** A quantity the rules refuse, as the answer: 409 when the stock cannot cover it, else 400. */
function refused(problem: QuantityProblem, message = problem.message) {
  return problem.status === 409 ? conflict(message) : badRequest(message, { quantity: message });
}

/**
 * One line of a cart, priced now at its quantity, with what keeps it from checkout; a price the
 * buyer saw when setting it (`seenUnitPriceCents`) that differs from now's is pointed out.
 */
function cartLineOf(
  row: ToolRow,
  quantity: number,
  seenUnitPriceCents: number | null,
  from: Pick<CartLine, 'customerRef' | 'project'> = { customerRef: null, project: null },
): { line: CartLine; totalCents: number } {
  const pricing = pricingOfRow(row);
  const price = priceLine(pricing, quantity);
  const problem = cartLineProblem({ ...row, archived: row.archivedAt !== null }, quantity);
  const better = problem === null ? nextBreakSuggestion(pricing, quantity) : null;
  const line: CartLine = {
    toolId: row.id,
    partNumber: row.partNumber,
    name: row.name,
    img: row.imageUrl,
    quantity,
    unitPrice: centsToDollars(price.unitPriceCents),
    lineTotal: centsToDollars(price.totalCents),
    minOrderQuantity: row.minOrderQuantity,
    orderMultiple: row.orderMultiple,
    inStock: row.inStock,
    backorderable: row.backorderable,
    problem,
    suggestion:
      better && better.quantity <= mostOrderable(row)
        ? {
            quantity: better.quantity,
            lineTotal: centsToDollars(better.totalCents),
            saving: centsToDollars(better.savingCents),
          }
        : null,
    notice:
      seenUnitPriceCents === null || seenUnitPriceCents === price.unitPriceCents
        ? null
        : cartMessages.priceChanged(
            centsToDollars(seenUnitPriceCents),
            centsToDollars(price.unitPriceCents),
          ),
    ...from,
  };
  return { line, totalCents: price.totalCents };
}

/** The cart of these lines: the subtotal summed in cents, ready when no line has a problem. */
function cartOf(priced: ReadonlyArray<{ line: CartLine; totalCents: number }>): CartGoods {
  const lines = priced.map((p) => p.line);
  return {
    lines,
    subtotalCents: linesTotalCents(priced),
    ready: lines.every((l) => l.problem === null),
  };
}

/** The account's cart as it stands, every line priced now at its quantity. */
export async function readCart(db: Db | Tx, userId: string): Promise<CartGoods> {
  const rows = await db
    .select({ line: cartLine, tool, projectName: project.name })
    .from(cartLine)
    .innerJoin(tool, eq(tool.id, cartLine.toolId))
    .leftJoin(project, eq(project.id, cartLine.projectId))
    .where(eq(cartLine.userId, userId))
    .orderBy(asc(cartLine.seq));
  return cartOf(
    rows.map(({ line, tool: row, projectName }) =>
      cartLineOf(row, line.quantity, line.seenUnitPriceCents, {
        customerRef: line.customerRef,
        project:
          line.projectId && line.projectRevision && projectName !== null
            ? { id: line.projectId, name: projectName, revision: line.projectRevision }
            : null,
      }),
    ),
  );
}

/**
 * A visitor's cart (its lines kept in the browser) priced as the account's would be, in one
 * query: the same rules, the same words. A line whose tool is gone can only be removed.
 */
export async function priceCart(db: Db, lines: readonly CartLineInput[]): Promise<CartGoods> {
  const wanted = summed(lines);
  const tools = await toolsFor(db, [...wanted.keys()]);
  return cartOf(
    [...wanted].map(([toolId, quantity]) => {
      const row = tools.get(toolId);
      if (row) return cartLineOf(row, quantity, null);
      return { line: goneCartLine(toolId, quantity), totalCents: 0 };
    }),
  );
}

/**
 * Each line of a tool sold beyond its stock whose quantity is more than the stock, with how it
 * ships (`availabilityBeyondStock`: one query for all of them, none when there are none).
 */
export async function withAvailability(
  db: Db,
  goods: CartGoods,
  today: string,
): Promise<CartGoods> {
  const found = await availabilityBeyondStock(
    db,
    goods.lines.map((l) => ({ ...l, backorderable: !!l.backorderable })),
    today,
  );
  if (found.size === 0) return goods;
  return {
    ...goods,
    lines: goods.lines.map((l) => {
      const availability = found.get(l.toolId);
      return availability ? { ...l, availability } : l;
    }),
  };
}

/** The same tool named twice in one call counts once, with the quantities added. */
function summed(lines: readonly CartLineInput[]): Map<string, number> {
  const byTool = new Map<string, number>();
  for (const { toolId, quantity } of lines)
    byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
  return byTool;
}

/** The tools named, archived ones included (callers say why those cannot be had). */
async function toolsFor(tx: Db | Tx, ids: readonly string[]): Promise<Map<string, ToolRow>> {
  const valid = ids.filter(isUuid);
  const rows =
    valid.length === 0
      ? []
      : await tx.select(toolColumns).from(tool).where(inArray(tool.id, valid));
  return new Map(rows.map((r) => [r.id, r]));
}

async function quantitiesIn(tx: Tx, userId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ toolId: cartLine.toolId, quantity: cartLine.quantity })
    .from(cartLine)
    .where(eq(cartLine.userId, userId));
  return new Map(rows.map((r) => [r.toolId, r.quantity]));
}

/**
 * Where a line comes from, when it comes from a project (or a past order's project line): the
 * project revision and the buyer's reference for the part, which checkout gives the order line.
 */
export interface CartLineSource {
  projectId: string | null;
  projectRevision: number | null;
  customerRef: string | null;
}

/**
 * Writes these lines' quantities, with the unit price each is seen at now, in one statement (a
 * quick order adds up to 500 lines at once). A line keeps its place in the cart when it is
 * updated; a new one goes after the others, in the order given. A line written with a source
 * takes it; one written without keeps the source it had.
 */
async function writeLines(
  tx: Tx,
  userId: string,
  lines: ReadonlyArray<{ row: ToolRow; quantity: number; source?: CartLineSource }>,
): Promise<void> {
  if (lines.length === 0) return;
  const fromSource = (column: 'project_id' | 'project_revision' | 'customer_ref') =>
    sql.raw(
      `case when excluded.project_id is not null or excluded.customer_ref is not null ` +
        `then excluded.${column} else cart_line.${column} end`,
    );
  await tx
    .insert(cartLine)
    .values(
      lines.map(({ row, quantity, source }) => ({
        userId,
        toolId: row.id,
        quantity,
        seenUnitPriceCents: unitPriceCents(row, quantity),
        projectId: source?.projectId ?? null,
        projectRevision: source?.projectRevision ?? null,
        customerRef: source?.customerRef ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [cartLine.userId, cartLine.toolId],
      set: {
        quantity: sql`excluded.quantity`,
        seenUnitPriceCents: sql`excluded.seen_unit_price_cents`,
        projectId: fromSource('project_id'),
        projectRevision: fromSource('project_revision'),
        customerRef: fromSource('customer_ref'),
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Adds quantities to the cart (to what it has of each tool already), all or nothing: the order
 * form's rules apply to each line's new quantity, and the first line they refuse is named. A bulk
 * add (a quick order's ready lines) gives the cart the same adds one at a time would.
 */
export async function addToCart(
  db: Db,
  userId: string,
  lines: readonly CartLineInput[],
): Promise<CartGoods> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const wanted = summed(lines);
    const tools = await toolsFor(tx, [...wanted.keys()]);
    const current = await quantitiesIn(tx, userId);
    const newTools = [...wanted.keys()].filter((id) => !current.has(id)).length;
    if (current.size + newTools > MAX_CART_LINES) throw badRequest(cartMessages.tooManyLines);
    const writes: Array<{ row: ToolRow; quantity: number }> = [];
    for (const [toolId, added] of wanted) {
      const row = tools.get(toolId);
      if (!row || row.archivedAt) throw notFound(cartMessages.unknownTool);
      const quantity = (current.get(toolId) ?? 0) + added;
      const problem = quantityProblem(row, quantity);
      if (problem) {
        throw refused(
          problem,
          wanted.size > 1 ? `${row.partNumber}: ${problem.message}` : undefined,
        );
      }
      writes.push({ row, quantity });
    }
    await writeLines(tx, userId, writes);
    return readCart(tx, userId);
  });
}

/** Sets one line's quantity, by the order form's rules; 404 when the cart has no such line. */
export async function setCartQuantity(
  db: Db,
  userId: string,
  toolId: string,
  quantity: number,
): Promise<CartGoods> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const [row] = isUuid(toolId)
      ? await tx
          .select({ tool })
          .from(cartLine)
          .innerJoin(tool, eq(tool.id, cartLine.toolId))
          .where(and(eq(cartLine.userId, userId), eq(cartLine.toolId, toolId)))
      : [];
    if (!row) throw notFound(cartMessages.unknownTool);
    if (row.tool.archivedAt) throw conflict(cartMessages.archived);
    const problem = quantityProblem(row.tool, quantity);
    if (problem) throw refused(problem);
    await writeLines(tx, userId, [{ row: row.tool, quantity }]);
    return readCart(tx, userId);
  });
}

/** Removes a line; removing one that is not there changes nothing. */
export async function removeFromCart(db: Db, userId: string, toolId: string): Promise<CartGoods> {
  if (isUuid(toolId)) {
    await db.delete(cartLine).where(and(eq(cartLine.userId, userId), eq(cartLine.toolId, toolId)));
  }
  return readCart(db, userId);
}

/**
 * A visitor's cart joins the account's at sign-in or registration: quantities are added, each
 * capped by what can be ordered now (stock in whole packs, at least the minimum), and every line
 * that was added, capped or left out is told. A line of the account's own is never lowered.
 */
export async function mergeIntoCart(
  db: Db,
  userId: string,
  lines: readonly CartLineInput[],
): Promise<{ cart: CartGoods; changes: string[] }> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const wanted = summed(lines);
    const tools = await toolsFor(tx, [...wanted.keys()]);
    const current = await quantitiesIn(tx, userId);
    const changes: string[] = [];
    const writes: Array<{ row: ToolRow; quantity: number }> = [];
    let count = current.size;
    for (const [toolId, added] of wanted) {
      const row = tools.get(toolId);
      const had = current.get(toolId) ?? 0;
      if (!row || (had === 0 && count >= MAX_CART_LINES)) {
        changes.push(cartMessages.mergeDropped(row?.partNumber ?? 'A tool'));
        continue;
      }
      const target = had + added;
      const quantity = Math.max(had, row.archivedAt ? 0 : largestOrderable(row, target));
      if (quantity === 0) {
        changes.push(cartMessages.mergeDropped(row.partNumber));
        continue;
      }
      if (had === 0) count += 1;
      writes.push({ row, quantity });
      changes.push(
        quantity < target
          ? cartMessages.mergeCapped(row.partNumber, quantity)
          : cartMessages.merged(row.partNumber, added),
      );
    }
    await writeLines(tx, userId, writes);
    return { cart: await readCart(tx, userId), changes };
  });
}

/** What became of one tool's add: added, or why not (the order form's words). */
export type AddOutcome = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * Adds each line that the rules accept with what the cart already holds, and leaves out the
 * others, saying why (a project's "add N builds"): one transaction, one verdict per tool, so a
 * line left out is never reported as added. Lines of one tool are added together. A line added
 * with a source (by tool) takes it. The tools are answered as they were judged.
 */
export async function addEachToCart(
  db: Db,
  userId: string,
  lines: readonly CartLineInput[],
  sources: ReadonlyMap<string, CartLineSource> = new Map(),
): Promise<{ outcomes: Map<string, AddOutcome>; cartLines: number; tools: Map<string, ToolRow> }> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const wanted = summed(lines);
    const tools = await toolsFor(tx, [...wanted.keys()]);
    const current = await quantitiesIn(tx, userId);
    const outcomes = new Map<string, AddOutcome>();
    const writes: Array<{ row: ToolRow; quantity: number; source?: CartLineSource }> = [];
    let count = current.size;
    for (const [toolId, added] of wanted) {
      const row = tools.get(toolId);
      const had = current.get(toolId) ?? 0;
      if (!row || row.archivedAt) {
        outcomes.set(toolId, { ok: false, message: cartMessages.unknownTool });
        continue;
      }
      if (had === 0 && count >= MAX_CART_LINES) {
        outcomes.set(toolId, { ok: false, message: cartMessages.tooManyLines });
        continue;
      }
      const problem = quantityProblem(row, had + added);
      if (problem) {
        outcomes.set(toolId, {
          ok: false,
          message:
            problem.kind === 'over_stock'
              ? cartMessages.notAddedShort(row.inStock, had)
              : problem.message,
        });
        continue;
      }
      if (had === 0) count += 1;
      writes.push({ row, quantity: had + added, source: sources.get(toolId) });
      outcomes.set(toolId, { ok: true, quantity: added });
    }
    await writeLines(tx, userId, writes);
    return { outcomes, cartLines: count, tools };
  });
}
