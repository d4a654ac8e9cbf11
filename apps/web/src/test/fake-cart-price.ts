import type { Cart, CartLine } from '@voltforge/contract/cart';
import { cartLineProblem, goneCartLine, withCharges } from '@voltforge/contract/cart-rules';
import type { ShopTerms } from '@voltforge/contract/charges';
import { centsToDollars } from '@voltforge/contract/money';
import { linesTotalCents, priceLine, pricingOf } from '@voltforge/contract/pricing';
import type { Tool } from '@voltforge/contract/tool';
import { defaultTerms } from './shop-terms';

/**
 * What POST /api/cart/price answers for these lines, for tests that stub the API: each line
 * priced from the catalogue given, by the contract's rules, with shipping and tax by `terms`, as
 * the server does.
 */
export function fakeCartPrice(
  lines: ReadonlyArray<{ toolId: string; quantity: number }>,
  catalogue: readonly Tool[],
  terms: ShopTerms = defaultTerms,
): Cart {
  const priced = lines.map(({ toolId, quantity }) => {
    const tool = catalogue.find((t) => t._id === toolId);
    if (!tool) {
      return { line: goneCartLine(toolId, quantity), totalCents: 0 };
    }
    const price = priceLine(pricingOf(tool), quantity);
    const line: CartLine = {
      toolId,
      partNumber: tool.partNumber,
      name: tool.name,
      img: tool.img,
      quantity,
      unitPrice: centsToDollars(price.unitPriceCents),
      lineTotal: centsToDollars(price.totalCents),
      minOrderQuantity: tool.minOrderQuantity,
      orderMultiple: tool.orderMultiple,
      inStock: tool.inStock,
      problem: cartLineProblem({ ...tool, archived: false }, quantity),
      notice: null,
      customerRef: null,
      project: null,
    };
    return { line, totalCents: price.totalCents };
  });
  return withCharges(
    {
      lines: priced.map((p) => p.line),
      subtotalCents: linesTotalCents(priced),
      ready: priced.every((p) => p.line.problem === null),
    },
    terms,
  );
}
