import {
  availabilityOf,
  cannotPromiseMessage,
  freeIncoming,
  promisedOn,
  type Availability,
} from '@voltforge/contract/availability';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { orderMessages, shortageMessage } from '@voltforge/contract/order-rules';
import { priceLine, type LinePrice } from '@voltforge/contract/pricing';
import { quantityProblem } from '@voltforge/contract/quantity-rules';
import { isUuid } from '../../../db/ids.ts';
import { badRequest, conflict, notFound, type HttpError } from '../../../http-error.ts';
import type { OrderingState, OrderingTool } from './read.ts';
import type { LineSource, WantedLine } from './sum-lines.ts';

/*
 * Step 3 of placing an order (place-order.ts): the contract's rules applied to the tools as read,
 * and every line priced by the contract's one pricing function. The database function of step 6
 * applies none of these rules; it only checks that what was judged here still holds.
 */

/** A line the rules refuse: why, and the answer's status for it. */
interface LineRefusal {
  toolId: string;
  status: 400 | 404 | 409;
  message: string;
}

/** A line and its price, as the order will hold it. */
export interface PricedLine {
  tool: OrderingTool;
  price: LinePrice;
  source: LineSource | undefined;
  /** How it ships: the pieces allocated from stock now, the day the back-ordered rest is due. */
  split: { allocated: number; promisedOn: string | null };
}

/** How a quantity of a tool as read would ship (the contract's one availability function). */
export function availabilityAt(tool: OrderingTool, quantity: number, today: string): Availability {
  return availabilityOf(
    quantity,
    {
      inStock: tool.in_stock,
      backorderable: tool.backorderable,
      leadTimeWeeks: tool.lead_time_weeks,
      incoming: freeIncoming(tool.incoming, Number(tool.backlog)),
    },
    today,
  );
}

/** Whether one line may be ordered from the tool as read; null when it may. */
function lineRefusal(
  tool: OrderingTool | undefined,
  line: WantedLine,
  today: string,
): LineRefusal | null {
  const { toolId, quantity } = line;
  if (!tool || tool.archived) return { toolId, status: 404, message: orderMessages.toolNotFound };
  const problem =
    line.quotedUnitPriceCents !== undefined
      ? null
      : quantityProblem(
          {
            minOrderQuantity: tool.min_order_quantity,
            orderMultiple: tool.order_multiple,
            inStock: Infinity,
          },
          quantity,
        );
  if (problem) return { toolId, status: 400, message: problem.message };
  const availability = availabilityAt(tool, quantity, today);
  if (availability.unavailable > 0) {
    const message = tool.backorderable
      ? cannotPromiseMessage(availability)
      : shortageMessage(tool.in_stock);
    return { toolId, status: 409, message };
  }
  return null;
}

/**
 * The refusal of a whole order. One line is answered as the spec's order form is (its status and
 * message, a quantity message on the quantity field); several lines name each refused line in
 * `fields`, by tool id, under one message.
 */
function orderRefusal(refusals: LineRefusal[], lineCount: number): HttpError {
  const [only] = refusals;
  if (lineCount === 1 && only) {
    if (only.status === 404) return notFound(only.message);
    if (only.status === 400) return badRequest(only.message, { quantity: only.message });
    return conflict(only.message);
  }
  const fields = Object.fromEntries(refusals.map((r) => [r.toolId, r.message]));
  if (refusals.some((r) => r.status === 400)) return badRequest(checkoutMessages.notReady, fields);
  const allShort = refusals.every((r) => r.status === 409);
  return conflict(allShort ? checkoutMessages.short : checkoutMessages.notReady, fields);
}

/** Before any read: a line naming a tool id that cannot exist is refused as an unknown tool. */
export function refuseUnknownIds(lines: readonly WantedLine[]): void {
  const unknown = lines.filter((l) => !isUuid(l.toolId));
  if (unknown.length === 0) return;
  throw orderRefusal(
    unknown.map((l) => ({ toolId: l.toolId, status: 404, message: orderMessages.toolNotFound })),
    lines.length,
  );
}

/**
 * Every line judged by the contract's rules and priced by its pricing function (a quoted line at
 * its quoted price), or the order's
 * refusal (an HttpError, thrown). A line that can never be ordered is told before the unpaid cap,
 * as the order form always has; a shortage after it.
 */
export function judgeLines(
  state: OrderingState,
  lines: readonly WantedLine[],
  maxUnpaid: number,
  /** The shop's calendar day: what batches overdue count as and where lead times start. */
  today: string,
): PricedLine[] {
  const refusals = lines.flatMap(
    (line) => lineRefusal(state.tools.get(line.toolId), line, today) ?? [],
  );
  if (refusals.some((r) => r.status !== 409)) throw orderRefusal(refusals, lines.length);
  if (state.unpaid >= maxUnpaid) throw conflict(orderMessages.tooManyUnpaid(maxUnpaid));
  if (refusals.length > 0) throw orderRefusal(refusals, lines.length);
  return lines.map((line) => {
    const tool = state.tools.get(line.toolId) as OrderingTool;
    const availability = availabilityAt(tool, line.quantity, today);
    const split = { allocated: availability.now, promisedOn: promisedOn(availability) };
    if (line.quotedUnitPriceCents !== undefined) {
      const unitPriceCents = line.quotedUnitPriceCents;
      const price = {
        quantity: line.quantity,
        unitPriceCents,
        totalCents: unitPriceCents * line.quantity,
        savingCents: 0,
      };
      return { tool, price, source: line.source, split };
    }
    const price = priceLine(
      {
        priceCents: tool.price_cents,
        minOrderQuantity: tool.min_order_quantity,
        orderMultiple: tool.order_multiple,
        priceBreaks: tool.price_breaks,
      },
      line.quantity,
    );
    return { tool, price, source: line.source, split };
  });
}
