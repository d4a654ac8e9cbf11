import { cartLineProblem, cartMessages, type Cart, type CartLine } from '@voltforge/contract/cart';
import { centsToDollars } from '@voltforge/contract/money';
import { priceLine, pricingOf } from '@voltforge/contract/pricing';
import type { Tool } from '@voltforge/contract/tool';
import type { LocalCartLine } from './local-cart';

/** A visitor's line whose tool the catalogue no longer has: nothing to show of it but Remove. */
export const isGoneLine = (line: CartLine) => line.partNumber === '';

/** A line whose tool the catalogue no longer has (GET /api/tool/:id answered 404). */
function goneLine({ toolId, quantity }: LocalCartLine): CartLine {
  return {
    toolId,
    partNumber: '',
    name: 'Tool no longer in the catalogue',
    img: '',
    quantity,
    unitPrice: 0,
    lineTotal: 0,
    minOrderQuantity: 1,
    orderMultiple: 1,
    inStock: 0,
    problem: cartMessages.archived,
    notice: null,
  };
}

/**
 * A visitor's cart priced as the server prices an account's: each line at its quantity by the
 * pricing function, on the tool as the API sends it now (`tools`: undefined for one gone).
 */
export function priceLocalCart(
  lines: readonly LocalCartLine[],
  tools: ReadonlyMap<string, Tool | undefined>,
): Cart {
  let subtotalCents = 0;
  const priced = lines.map((line): CartLine => {
    const tool = tools.get(line.toolId);
    if (!tool) return goneLine(line);
    const price = priceLine(pricingOf(tool), line.quantity);
    subtotalCents += price.totalCents;
    return {
      toolId: tool._id,
      partNumber: tool.partNumber,
      name: tool.name,
      img: tool.img,
      quantity: line.quantity,
      unitPrice: centsToDollars(price.unitPriceCents),
      lineTotal: centsToDollars(price.totalCents),
      minOrderQuantity: tool.minOrderQuantity,
      orderMultiple: tool.orderMultiple,
      inStock: tool.inStock,
      // The API sends only tools on sale: an archived one answers 404 (a gone line).
      problem: cartLineProblem({ ...tool, archived: false }, line.quantity),
      notice: null,
    };
  });
  return {
    lines: priced,
    subtotal: centsToDollars(subtotalCents),
    ready: priced.every((line) => line.problem === null),
  };
}
