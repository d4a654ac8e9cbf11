import type { CheckoutBody } from '@voltforge/contract/checkout';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import type { Actor } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http-error.ts';
import { buyingCompanyOf } from '../company/company.service.ts';
import { readCart } from '../cart/cart.service.ts';
import { placeOrder, type PlaceOrderDeps } from '../orders/placement/place-order.ts';

/**
 * Checks out the buyer's cart as one order (docs/architecture.md, "Orders and their lines"). A
 * line the cart already marks (archived, sold out, short, a quantity the rules refuse) is named
 * before anything is tried; then the order is placed by the one placement path, all lines or
 * none, at the total the buyer confirmed. The placement removes the cart's lines in the same
 * transaction and only while the cart still holds them, so a cart becomes at most one order
 * however often, and from however many devices, Checkout is pressed.
 */
export async function checkout(
  db: Db,
  customer: Actor,
  body: CheckoutBody,
  deps: PlaceOrderDeps,
): Promise<Order> {
  const [cart, buyingFor] = await Promise.all([
    readCart(db, customer.id),
    buyingCompanyOf(db, customer.id),
  ]);
  if (cart.lines.length === 0) throw conflict(checkoutMessages.emptyCart);
  if (buyingFor?.poRequired && !body.poNumber) {
    throw badRequest(companyMessages.poRequired, { poNumber: companyMessages.poRequired });
  }
  const marked = cart.lines.flatMap((l) => (l.problem ? [[l.toolId, l.problem] as const] : []));
  if (marked.length > 0) throw conflict(checkoutMessages.notReady, Object.fromEntries(marked));
  return placeOrder(
    db,
    customer,
    {
      lines: cart.lines.map((l) => ({
        toolId: l.toolId,
        quantity: l.quantity,
        source: {
          projectId: l.project?.id ?? null,
          projectRevision: l.project?.revision ?? null,
          projectName: l.project?.name ?? null,
          customerRef: l.customerRef,
        },
      })),
      phone: body.phone,
      address: body.address,
      poNumber: body.poNumber || null,
      // Said at checkout (either field sent), else the buyer's company's, else the profile's.
      billTo:
        body.company !== undefined || body.taxId !== undefined
          ? { company: body.company || null, taxId: body.taxId || null }
          : buyingFor
            ? { company: buyingFor.name, taxId: buyingFor.taxId }
            : undefined,
      fromCart: { expectedTotalCents: dollarsToCents(body.expectedTotal) },
    },
    deps,
  );
}
