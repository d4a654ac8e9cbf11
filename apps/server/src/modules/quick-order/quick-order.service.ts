import { centsToDollars, dollarsToCents } from '@voltforge/contract/money';
import { MAX_ORDER_QUANTITY } from '@voltforge/contract/order-rules';
import { partNumberKey } from '@voltforge/contract/part-number';
import { priceLine } from '@voltforge/contract/pricing';
import { quantityProblem } from '@voltforge/contract/quantity-rules';
import type { QuickOrderPreview, QuickOrderVerdict } from '@voltforge/contract/quick-order';
import {
  quickOrderMessages as messages,
  readQuickOrder,
  type QuickOrderRow,
} from '@voltforge/contract/quick-order-rules';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-error.ts';
import { pricingOfRow, type ToolRow } from '../tools/tools.service.ts';
import { closestPartNumbers, toolsByPartNumber } from '../tools/tool-search.ts';

type Verdict = Omit<QuickOrderVerdict, 'line' | 'partNumber' | 'quantity'>;

/** A verdict's tool, price and hints when it has none of them. */
const nothing: Omit<Verdict, 'status' | 'message'> = {
  toolId: null,
  name: null,
  unitPrice: null,
  lineTotal: null,
  available: null,
  closest: [],
  mergedInto: null,
};

/** The verdict on `quantity` of a tool for sale: the order form's rules, in its order. */
function judge(row: ToolRow, quantity: number): Verdict {
  const known = { ...nothing, toolId: row.id, name: row.name };
  if (quantity > MAX_ORDER_QUANTITY) {
    return { ...known, status: 'invalid_quantity', message: messages.badQuantity };
  }
  const problem = quantityProblem(row, quantity);
  if (problem?.kind === 'over_stock') {
    return {
      ...known,
      status: 'short',
      message: messages.short(row.inStock),
      available: row.inStock,
    };
  }
  if (problem) return { ...known, status: problem.kind, message: problem.message };
  const line = priceLine(pricingOfRow(row), quantity);
  return {
    ...known,
    status: 'ready',
    message: 'Ready',
    unitPrice: centsToDollars(line.unitPriceCents),
    lineTotal: centsToDollars(line.totalCents),
  };
}

/**
 * Every line of a pasted or uploaded list judged against the catalogue, one verdict per line in
 * the order given. Lines naming the same part are added into the first of them (the later ones
 * say so), so the stock check sees their sum. The tools are read in one query by part number;
 * only when a line names an unknown part is a second one made, for the suggestions (the catalogue
 * search's part-number match).
 */
export async function previewQuickOrder(db: Db, text: string): Promise<QuickOrderPreview> {
  const read = readQuickOrder(text);
  if (!read.ok) throw badRequest(read.message, { text: read.message });
  const rows = read.rows;

  // The first line of each part with a usable quantity takes the quantities of the others.
  const first = new Map<string, { line: number; quantity: number }>();
  for (const row of rows) {
    if (row.quantity === null) continue;
    const key = partNumberKey(row.partNumber);
    const seen = first.get(key);
    if (seen) seen.quantity += row.quantity;
    else first.set(key, { line: row.line, quantity: row.quantity });
  }

  const byKey = await toolsByPartNumber(
    db,
    rows.map((r) => r.partNumber),
  );
  const unknown = rows.map((r) => r.partNumber).filter((p) => !byKey.has(partNumberKey(p)));
  const suggestions = await closestPartNumbers(db, unknown);

  const verdictOf = (row: QuickOrderRow): QuickOrderVerdict => {
    const key = partNumberKey(row.partNumber);
    const item = byKey.get(key);
    const base = { line: row.line, partNumber: item?.partNumber ?? row.partNumber };
    if (!item) {
      const closest = suggestions.get(row.partNumber) ?? [];
      return {
        ...base,
        quantity: row.quantity,
        ...nothing,
        closest,
        status: 'unknown',
        message: messages.unknown(closest),
      };
    }
    if (row.quantity === null) {
      return {
        ...base,
        quantity: null,
        ...nothing,
        toolId: item.id,
        name: item.name,
        status: 'invalid_quantity',
        message: row.quantityProblem ?? messages.badQuantity,
      };
    }
    const merged = first.get(key);
    if (merged && merged.line !== row.line) {
      return {
        ...base,
        quantity: row.quantity,
        ...nothing,
        toolId: item.id,
        name: item.name,
        mergedInto: merged.line,
        status: 'duplicate',
        message: messages.duplicate(merged.line),
      };
    }
    const quantity = merged?.quantity ?? row.quantity;
    return { ...base, quantity, ...judge(item, quantity) };
  };

  const verdicts = rows.map(verdictOf);
  const readyCents = verdicts.reduce(
    (sum, v) =>
      v.status === 'ready' && v.lineTotal !== null ? sum + dollarsToCents(v.lineTotal) : sum,
    0,
  );
  return { verdicts, readyTotal: centsToDollars(readyCents) };
}
