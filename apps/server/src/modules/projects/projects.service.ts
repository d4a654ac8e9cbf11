import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '@voltforge/contract/money';
import { MAX_ORDER_QUANTITY } from '@voltforge/contract/order-rules';
import { partNumberKey } from '@voltforge/contract/part-number';
import { nextBreakSuggestion, priceLine } from '@voltforge/contract/pricing';
import { readBom, type BomMapping } from '@voltforge/contract/project-bom';
import type {
  OrderAgain,
  BomPreview,
  PricedProjectLine,
  Project,
  ProjectDiff,
  ProjectInput,
  ProjectLine,
  ProjectPrice,
  ProjectSummary,
  ProjectToCart,
} from '@voltforge/contract/project';
import { projectInputSchema } from '@voltforge/contract/project';
import {
  MAX_CUSTOMER_REF_LENGTH,
  expandDesignators,
  neededFor,
  orderableQuantity,
  pricedLineMessage,
  projectMessages as messages,
  roundedUpMessage,
} from '@voltforge/contract/project-rules';
import { mostOrderable } from '@voltforge/contract/quantity-rules';
import { quickOrderMessages } from '@voltforge/contract/quick-order-rules';
import { formatOrderNumber, orderMessages } from '@voltforge/contract/order-rules';
import { CSV_BOM, CsvFigure, csvLine, csvMoney } from '../../csv.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { order, orderLine } from '../../db/schema/order.ts';
import { project, projectRevision, type StoredProjectLine } from '../../db/schema/project.ts';
import { tool, toolColumns } from '../../db/schema/tool.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { addEachToCart, type CartLineSource } from '../cart/cart.service.ts';
import { pricingOfRow, type ToolRow } from '../tools/tools.service.ts';
import { availabilityBeyondStock } from '../../stock/supply-read.ts';
import { closestPartNumbers, toolsByPartNumber } from '../tools/tool-search.ts';

type ProjectRow = typeof project.$inferSelect;

/** The owner's project, or 404 for anyone else's, a malformed id and a project that is gone. */
async function ownProject(db: Db | Tx, userId: string, id: string): Promise<ProjectRow> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const [row] = await db
    .select()
    .from(project)
    .where(and(eq(project.id, id), eq(project.userId, userId)));
  if (!row) throw notFound(messages.notFound);
  return row;
}

async function linesOf(db: Db | Tx, projectId: string, revision: number) {
  const [row] = await db
    .select({ lines: projectRevision.lines })
    .from(projectRevision)
    .where(and(eq(projectRevision.projectId, projectId), eq(projectRevision.revision, revision)));
  if (!row) throw notFound(messages.notFound);
  return row.lines;
}

/**
 * The lines as they will be kept: each part matched to a tool for sale by part number (the same
 * key as quick order and search), or kept as text; one query for all of them.
 */
async function matched(
  db: Db | Tx,
  input: ProjectInput,
): Promise<{
  name: string;
  notes: string;
  lines: StoredProjectLine[];
}> {
  const values = projectInputSchema.parse(input);
  const byKey = await toolsByPartNumber(
    db,
    values.lines.map((line) => line.part),
  );
  return {
    name: values.name,
    notes: values.notes,
    lines: values.lines.map((line) => ({
      ...line,
      toolId: byKey.get(partNumberKey(line.part))?.id ?? null,
    })),
  };
}

export async function createProject(db: Db, userId: string, input: ProjectInput): Promise<Project> {
  const kept = await matched(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(project)
      .values({ userId, name: kept.name, notes: kept.notes })
      .returning({ id: project.id });
    if (!row) throw new Error('project insert returned nothing');
    await tx.insert(projectRevision).values({ projectId: row.id, revision: 1, lines: kept.lines });
    return row.id;
  });
  return readProject(db, userId, id);
}

/**
 * Saves the project as its next revision: the earlier ones stay as they were, so an order placed
 * from one still shows its lines. The project row is locked, so two saves make two revisions.
 */
export async function updateProject(
  db: Db,
  userId: string,
  id: string,
  input: ProjectInput,
): Promise<Project> {
  const kept = await matched(db, input);
  await db.transaction(async (tx) => {
    const row = await ownProject(tx, userId, id);
    const [locked] = await tx
      .select({ revision: project.revision })
      .from(project)
      .where(eq(project.id, row.id))
      .for('update');
    const revision = (locked?.revision ?? row.revision) + 1;
    await tx.insert(projectRevision).values({ projectId: row.id, revision, lines: kept.lines });
    await tx
      .update(project)
      .set({ name: kept.name, notes: kept.notes, revision, updatedAt: new Date() })
      .where(eq(project.id, row.id));
  });
  return readProject(db, userId, id);
}

export async function deleteProject(db: Db, userId: string, id: string): Promise<void> {
  const row = await ownProject(db, userId, id);
  await db.delete(project).where(eq(project.id, row.id));
}

export async function listProjects(db: Db, userId: string): Promise<ProjectSummary[]> {
  const rows = await db
    .select({
      id: project.id,
      name: project.name,
      revision: project.revision,
      lastPricedCents: project.lastPricedCents,
      lastPricedBuilds: project.lastPricedBuilds,
      // Its last order still standing (an unpaid order that expired was cancelled).
      lastOrderedAt: sql<Date | string | null>`(select max(${order.createdAt}) from ${orderLine}
        join ${order} on ${order.id} = ${orderLine.orderId}
        where ${orderLine.projectId} = ${project.id} and ${order.status} <> 'cancelled')`,
      updatedAt: project.updatedAt,
      lineCount: sql<number>`jsonb_array_length(${projectRevision.lines})`.mapWith(Number),
    })
    .from(project)
    .innerJoin(
      projectRevision,
      and(
        eq(projectRevision.projectId, project.id),
        eq(projectRevision.revision, project.revision),
      ),
    )
    .where(eq(project.userId, userId))
    .orderBy(desc(project.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    revision: row.revision,
    lineCount: row.lineCount,
    lastPricedTotal: row.lastPricedCents === null ? null : centsToDollars(row.lastPricedCents),
    lastPricedBuilds: row.lastPricedBuilds,
    lastOrderedAt: row.lastOrderedAt === null ? null : new Date(row.lastOrderedAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The tools the lines name, archived ones included (a line says its tool is no longer sold). */
async function toolsOf(db: Db | Tx, lines: readonly StoredProjectLine[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.toolId ? [line.toolId] : [])))];
  const rows =
    ids.length === 0 ? [] : await db.select(toolColumns).from(tool).where(inArray(tool.id, ids));
  return new Map<string, ToolRow>(rows.map((row) => [row.id, row]));
}

/** A project with its latest revision's lines (or `revision`'s), each matched tool named. */
export async function readProject(
  db: Db,
  userId: string,
  id: string,
  revision?: number,
): Promise<Project> {
  const row = await ownProject(db, userId, id);
  const lines = await linesOf(db, row.id, revision ?? row.revision);
  const tools = await toolsOf(db, lines);
  const unmatched = lines.filter((line) => !line.toolId).map((line) => line.part);
  const closest = await closestPartNumbers(db, unmatched);
  const revisions = await db
    .select({
      revision: projectRevision.revision,
      createdAt: projectRevision.createdAt,
      lineCount: sql<number>`jsonb_array_length(${projectRevision.lines})`.mapWith(Number),
    })
    .from(projectRevision)
    .where(eq(projectRevision.projectId, row.id))
    .orderBy(desc(projectRevision.revision));
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    revision: revision ?? row.revision,
    lines: lines.map((line): ProjectLine => {
      const matchedTool = line.toolId ? tools.get(line.toolId) : undefined;
      const expanded = expandDesignators(line.designators);
      const count = expanded.ok ? expanded.designators.length : 0;
      return {
        part: line.part,
        quantityPerBuild: line.quantityPerBuild,
        designators: line.designators,
        customerRef: line.customerRef,
        doNotInstall: line.doNotInstall,
        attritionBasisPoints: line.attritionBasisPoints,
        note: line.note,
        toolId: matchedTool?.id ?? null,
        partNumber: matchedTool?.partNumber ?? null,
        name: matchedTool?.name ?? null,
        closest: line.toolId ? [] : (closest.get(line.part) ?? []),
        designatorWarning:
          count > 0 && count !== line.quantityPerBuild
            ? messages.designatorCount(count, line.quantityPerBuild)
            : null,
      };
    }),
    revisions: revisions.map((r) => ({
      revision: r.revision,
      createdAt: r.createdAt.toISOString(),
      lineCount: r.lineCount,
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What changed between two revisions, by part (its key): added, removed, quantity changed. */
export async function diffRevisions(
  db: Db,
  userId: string,
  id: string,
  from: number,
  to: number,
): Promise<ProjectDiff> {
  const row = await ownProject(db, userId, id);
  const perPart = (lines: StoredProjectLine[]) => {
    const parts = new Map<string, { part: string; quantityPerBuild: number }>();
    for (const line of lines) {
      const key = partNumberKey(line.part);
      const seen = parts.get(key);
      if (seen) seen.quantityPerBuild += line.quantityPerBuild;
      else parts.set(key, { part: line.part, quantityPerBuild: line.quantityPerBuild });
    }
    return parts;
  };
  const before = perPart(await linesOf(db, row.id, from));
  const after = perPart(await linesOf(db, row.id, to));
  return {
    from,
    to,
    added: [...after].filter(([key]) => !before.has(key)).map(([, line]) => line),
    removed: [...before].filter(([key]) => !after.has(key)).map(([, line]) => line),
    changed: [...after].flatMap(([key, line]) => {
      const was = before.get(key);
      return was && was.quantityPerBuild !== line.quantityPerBuild
        ? [{ part: line.part, from: was.quantityPerBuild, to: line.quantityPerBuild }]
        : [];
    }),
  };
}

/** Why a quantity is more than a line needs: the tool's minimum, or its packs. */
function roundedUpBy(
  row: ToolRow,
  needed: number,
  quantity: number,
): PricedProjectLine['roundedUp'] {
  if (quantity <= needed) return null;
  return needed < row.minOrderQuantity
    ? { rule: 'minimum', by: row.minOrderQuantity }
    : { rule: 'multiple', by: row.orderMultiple };
}

/**
 * The project's lines priced for `builds` boards at today's prices, by the pricing function the
 * cart and checkout use. Lines of one tool are summed on the first of them before the minimum,
 * multiple, break and stock checks, as in the cart. Figures and statuses only: the words are the
 * contract's (`pricedLineMessage`), composed where they are shown.
 */
function priceLines(
  lines: readonly StoredProjectLine[],
  tools: Map<string, ToolRow>,
  builds: number,
): PricedProjectLine[] {
  const firstOf = new Map<string, { line: number; needed: number }>();
  const needs = lines.map((line) =>
    neededFor(line.quantityPerBuild, builds, line.attritionBasisPoints),
  );
  lines.forEach((line, index) => {
    const row = line.toolId ? tools.get(line.toolId) : undefined;
    if (!row || row.archivedAt || line.doNotInstall) return;
    const seen = firstOf.get(row.id);
    if (seen) seen.needed += needs[index]!;
    else firstOf.set(row.id, { line: index + 1, needed: needs[index]! });
  });
  // Each line is one object literal of one shape (no spreads of a template): a 1,000-line
  // project builds a thousand of them per pricing (docs/performance.md, "Projects").
  const unpriced = (
    position: number,
    toolId: string | null,
    status: PricedProjectLine['status'],
    mergedInto: number | null = null,
  ): PricedProjectLine => ({
    line: position,
    toolId,
    status,
    needed: needs[position - 1]!,
    quantity: 0,
    roundedUp: null,
    unitPrice: null,
    lineTotal: null,
    available: null,
    availability: null,
    suggestion: null,
    mergedInto,
  });
  return lines.map((line, index): PricedProjectLine => {
    const position = index + 1;
    const row = line.toolId ? tools.get(line.toolId) : undefined;
    if (line.doNotInstall) return unpriced(position, row?.id ?? null, 'do_not_install');
    if (!row) return unpriced(position, null, 'unmatched');
    if (row.archivedAt) return unpriced(position, row.id, 'archived');
    const first = firstOf.get(row.id);
    if (first && first.line !== position) return unpriced(position, row.id, 'ready', first.line);
    const sum = first?.needed ?? needs[index]!;
    const quantity = orderableQuantity(row, sum);
    if (quantity > MAX_ORDER_QUANTITY) {
      return { ...unpriced(position, row.id, 'too_many'), quantity };
    }
    const pricing = pricingOfRow(row);
    const price = priceLine(pricing, quantity);
    const suggestion = nextBreakSuggestion(pricing, quantity);
    return {
      line: position,
      toolId: row.id,
      status: quantity > mostOrderable(row) ? 'short' : 'ready',
      needed: needs[index]!,
      quantity,
      roundedUp: roundedUpBy(row, sum, quantity),
      unitPrice: centsToDollars(price.unitPriceCents),
      lineTotal: centsToDollars(price.totalCents),
      available: row.inStock,
      availability: null,
      suggestion: suggestion && {
        quantity: suggestion.quantity,
        lineTotal: centsToDollars(suggestion.totalCents),
        saving: centsToDollars(suggestion.savingCents),
      },
      mergedInto: null,
    };
  });
}

/**
 * Each priced line of a tool sold beyond its stock whose quantity is more than the stock, with
 * how it ships, as the cart says it (`availabilityBeyondStock`).
 */
async function withAvailability(
  db: Db,
  priced: PricedProjectLine[],
  tools: Map<string, ToolRow>,
  today: string,
): Promise<PricedProjectLine[]> {
  // Lines of one tool are bought on the first of them: the others are not asked about.
  const buying = priced.filter((l) => l.status === 'ready' && l.mergedInto === null);
  const found = await availabilityBeyondStock(
    db,
    buying.flatMap((l) => {
      const row = l.toolId ? tools.get(l.toolId) : undefined;
      return row
        ? [
            {
              toolId: row.id,
              quantity: l.quantity,
              inStock: row.inStock,
              backorderable: row.backorderable,
            },
          ]
        : [];
    }),
    today,
  );
  if (found.size === 0) return priced;
  const asked = new Set(buying);
  return priced.map((line) => {
    const availability = asked.has(line) && line.toolId ? found.get(line.toolId) : undefined;
    return availability ? { ...line, availability } : line;
  });
}

/** The owner's project at its latest revision, its tools (one query) and its lines priced. */
async function pricedProject(db: Db, userId: string, id: string, builds: number) {
  const row = await ownProject(db, userId, id);
  const lines = await linesOf(db, row.id, row.revision);
  const tools = await toolsOf(db, lines);
  return { row, lines, tools, priced: priceLines(lines, tools, builds) };
}

/** Σ of the priced lines in cents: each line is integer cents, the total their sum. */
const totalCents = (lines: readonly PricedProjectLine[]) =>
  lines.reduce(
    (sum, line) => sum + (line.lineTotal === null ? 0 : Math.round(line.lineTotal * 100)),
    0,
  );

/**
 * The project priced for `builds` boards, at today's prices. The total is stamped on the project
 * as its last price (My Projects shows it), as a read's side note: the lines are not touched.
 */
export async function priceProject(
  db: Db,
  userId: string,
  id: string,
  builds: number,
  today: string,
): Promise<ProjectPrice> {
  const { row, tools, priced: judged } = await pricedProject(db, userId, id, builds);
  const priced = await withAvailability(db, judged, tools, today);
  const cents = totalCents(priced);
  // Priced again as it was last time (the page opened again), nothing is written: a write waits
  // for the disk, and most pricings of a project repeat the last one.
  if (row.lastPricedCents !== cents || row.lastPricedBuilds !== builds) {
    await db
      .update(project)
      .set({ lastPricedCents: cents, lastPricedBuilds: builds })
      .where(eq(project.id, row.id));
  }
  return {
    builds,
    lines: priced,
    total: centsToDollars(cents),
    perBoard: centsToDollars(Math.round(cents / builds)),
    pricedAt: new Date().toISOString(),
  };
}

/**
 * What each tool's cart line records of the project: its revision, and the buyer's references
 * of the lines bought as that tool (two lines of one tool are one cart line).
 */
function sourcesOf(row: ProjectRow, lines: readonly StoredProjectLine[]) {
  const refs = new Map<string, Set<string>>();
  for (const line of lines) {
    if (!line.toolId || line.doNotInstall) continue;
    const seen = refs.get(line.toolId) ?? new Set<string>();
    if (line.customerRef.trim()) seen.add(line.customerRef.trim());
    refs.set(line.toolId, seen);
  }
  return new Map<string, CartLineSource>(
    [...refs].map(([toolId, seen]) => [
      toolId,
      {
        projectId: row.id,
        projectRevision: row.revision,
        customerRef: seen.size > 0 ? [...seen].join(', ') : null,
      },
    ]),
  );
}

/**
 * Adds `builds` boards of the project to the buyer's cart: every line that can be bought, at its
 * priced quantity (or its suggested break, for the lines in `takeSuggestions`), each judged with
 * what the cart already holds. A verdict per line; a line that was not added never says it was.
 * The project is not changed.
 */
export async function projectToCart(
  db: Db,
  userId: string,
  id: string,
  builds: number,
  takeSuggestions: readonly number[],
): Promise<ProjectToCart> {
  const { row, lines, priced } = await pricedProject(db, userId, id, builds);
  const take = new Set(takeSuggestions);
  const wanted = priced.flatMap((line) =>
    line.toolId && line.mergedInto === null && (line.status === 'ready' || line.status === 'short')
      ? [
          {
            line,
            toolId: line.toolId,
            quantity:
              take.has(line.line) && line.suggestion ? line.suggestion.quantity : line.quantity,
          },
        ]
      : [],
  );
  const { outcomes, cartLines } = await addEachToCart(
    db,
    userId,
    wanted.map(({ toolId, quantity }) => ({ toolId, quantity })),
    sourcesOf(row, lines),
  );
  const verdicts = priced.map((line): ProjectToCart['verdicts'][number] => {
    const base = { line: line.line, part: lines[line.line - 1]!.part, added: 0 };
    const message = pricedLineMessage(line);
    if (
      line.status === 'unmatched' ||
      line.status === 'do_not_install' ||
      line.status === 'archived' ||
      line.status === 'too_many'
    ) {
      return { ...base, status: line.status, message };
    }
    if (line.mergedInto !== null) return { ...base, status: 'merged', message };
    const outcome = line.toolId ? outcomes.get(line.toolId) : undefined;
    if (!outcome || !outcome.ok) {
      return { ...base, status: 'short', message: outcome?.message ?? quickOrderMessages.short(0) };
    }
    const quantity = wanted.find((w) => w.line === line)?.quantity ?? line.quantity;
    return {
      ...base,
      added: quantity,
      status: quantity > line.needed ? 'rounded_up' : 'added',
      message:
        quantity !== line.quantity
          ? messages.addedAtBreak(quantity, line.needed)
          : (roundedUpMessage(line) ?? messages.added(quantity)),
    };
  });
  return { verdicts, cartLines };
}

/**
 * A bill of materials read for a new project (contract project-bom.ts), each row's part matched
 * to a tool for sale or offered the closest part numbers: nothing is saved.
 */
export async function previewBom(db: Db, text: string, mapping?: BomMapping): Promise<BomPreview> {
  const read = readBom(text, mapping);
  if (!read.ok) throw badRequest(read.message, { text: read.message });
  const byKey = await toolsByPartNumber(
    db,
    read.rows.map((row) => row.part),
  );
  const unknown = read.rows
    .map((row) => row.part)
    .filter((part) => part !== '' && !byKey.has(partNumberKey(part)));
  const closest = await closestPartNumbers(db, unknown);
  return {
    header: read.header,
    mapping: read.mapping,
    rows: read.rows.map((row) => {
      const match = byKey.get(partNumberKey(row.part));
      return {
        ...row,
        toolId: match?.id ?? null,
        partNumber: match?.partNumber ?? null,
        name: match?.name ?? null,
        closest: match ? [] : (closest.get(row.part) ?? []),
      };
    }),
  };
}

const EXPORT_HEADER = [
  'Line',
  'Part',
  'VF part number',
  'Name',
  'Your reference',
  'Reference designators',
  'Quantity per board',
  'Attrition %',
  'Do not install',
  'Needed',
  'Quantity',
  'Unit price',
  'Line total',
  'Verdict',
  'Note',
];

/**
 * The project priced for `builds` boards as CSV (the same figures as its page), spreadsheet-safe:
 * its lines, then the total and the cost per board.
 */
export async function exportProjectCsv(
  db: Db,
  userId: string,
  id: string,
  builds: number,
): Promise<{ name: string; csv: string }> {
  const { row, lines, tools, priced } = await pricedProject(db, userId, id, builds);
  const cents = totalCents(priced);
  const body = priced.map((line, index) => {
    const kept = lines[index]!;
    const matched = line.toolId ? tools.get(line.toolId) : undefined;
    return csvLine([
      line.line,
      kept.part,
      matched?.partNumber,
      matched?.name,
      kept.customerRef,
      kept.designators,
      kept.quantityPerBuild,
      new CsvFigure((kept.attritionBasisPoints / 100).toString()),
      kept.doNotInstall ? 'yes' : '',
      line.needed,
      line.quantity,
      line.unitPrice === null ? null : csvMoney(Math.round(line.unitPrice * 100)),
      line.lineTotal === null ? null : csvMoney(Math.round(line.lineTotal * 100)),
      [pricedLineMessage(line), roundedUpMessage(line)].filter(Boolean).join(' '),
      kept.note,
    ]);
  });
  const summary = [
    csvLine([]),
    csvLine(['Boards', builds]),
    csvLine(['Total', csvMoney(cents)]),
    csvLine(['Per board', csvMoney(Math.round(cents / builds))]),
    csvLine(['Priced at', new Date().toISOString()]),
  ];
  return {
    name: row.name,
    csv: CSV_BOM + csvLine(EXPORT_HEADER) + body.join('') + summary.join(''),
  };
}

/** The lines of the buyer's own order, in its order; 404 for anyone else's. */
async function ownOrderLines(db: Db, userId: string, orderId: string) {
  if (!isUuid(orderId)) throw notFound(orderMessages.orderNotFound);
  const [row] = await db
    .select({ id: order.id, number: order.number })
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.userId, userId)));
  if (!row) throw notFound(orderMessages.orderNotFound);
  const lines = await db
    .select()
    .from(orderLine)
    .where(eq(orderLine.orderId, row.id))
    .orderBy(orderLine.lineNo);
  return { number: row.number, lines };
}

/**
 * An earlier order's lines into the buyer's cart again, at today's prices: a verdict per line with
 * the price then beside the price now; a line no longer sold, or short of stock with what the cart
 * holds, is left out and says so.
 */
export async function orderAgain(db: Db, userId: string, orderId: string): Promise<OrderAgain> {
  const { lines } = await ownOrderLines(db, userId, orderId);
  // The tools as the cart judged them, read once under its lock.
  const { outcomes, cartLines, tools } = await addEachToCart(
    db,
    userId,
    lines.map((line) => ({ toolId: line.toolId, quantity: line.quantity })),
    // The buyer's references go with the lines; the project revision does not (this is a new
    // order of the old one's lines, and that revision may be gone).
    new Map(
      lines.flatMap((line) =>
        line.customerRef
          ? [
              [
                line.toolId,
                { projectId: null, projectRevision: null, customerRef: line.customerRef },
              ],
            ]
          : [],
      ),
    ),
  );
  return {
    cartLines,
    verdicts: lines.map((line) => {
      const row = tools.get(line.toolId);
      const now =
        row && !row.archivedAt ? priceLine(pricingOfRow(row), line.quantity).unitPriceCents : null;
      const outcome = outcomes.get(line.toolId);
      const base = {
        line: line.lineNo,
        partNumber: line.partNumber,
        unitPriceThen: centsToDollars(line.unitPriceCents),
        unitPriceNow: now === null ? null : centsToDollars(now),
      };
      if (!row || row.archivedAt) {
        return { ...base, status: 'archived' as const, message: messages.archived, added: 0 };
      }
      if (!outcome?.ok) {
        return {
          ...base,
          status: 'short' as const,
          message: outcome?.message ?? quickOrderMessages.short(0),
          added: 0,
        };
      }
      return {
        ...base,
        status: 'added' as const,
        message: messages.added(line.quantity),
        added: line.quantity,
      };
    }),
  };
}

/** An earlier order as a new project of one board: each line a part, its quantity and reference. */
export async function saveOrderAsProject(
  db: Db,
  userId: string,
  orderId: string,
): Promise<Project> {
  const { number, lines } = await ownOrderLines(db, userId, orderId);
  return createProject(db, userId, {
    name: `From order ${formatOrderNumber(number)}`,
    lines: lines.map((line) => ({
      part: line.partNumber,
      quantityPerBuild: line.quantity,
      // Two project lines of one tool bought as one line carry both references: kept to a line's.
      customerRef: (line.customerRef ?? '').slice(0, MAX_CUSTOMER_REF_LENGTH),
    })),
  });
}
