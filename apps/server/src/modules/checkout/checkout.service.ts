import type { CheckoutBody } from '@voltforge/contract/checkout';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Approval } from '@voltforge/contract/approval';
import type { Order } from '@voltforge/contract/order';
import type { Actor } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http-error.ts';
import { buyingCompanyOf } from '../company/company.service.ts';
import { readCart } from '../cart/cart.service.ts';
import type { BillTo } from '../orders/placement/compose.ts';
import { OverLimit } from '../orders/placement/place-order.ts';
import { requestApproval } from './approvals.service.ts';
import { placeCart, summaryOf, type CheckoutCart, type CheckoutDeps } from './cart-order.ts';

/**
 * Who the invoice is made out to: the name and tax id said at checkout (either field sent), else
 * the buyer's company's, else (undefined) the profile's; a member's order is the company's, with
 * its billing address.
 */
export function billToOf(
  body: Pick<CheckoutBody, 'company' | 'taxId'>,
  buyingFor: Awaited<ReturnType<typeof buyingCompanyOf>>,
): BillTo | undefined {
  const said =
    body.company !== undefined || body.taxId !== undefined
      ? { company: body.company || null, taxId: body.taxId || null }
      : null;
  if (!buyingFor) return said ?? undefined;
  return {
    ...(said ?? { company: buyingFor.name, taxId: buyingFor.taxId }),
    companyId: buyingFor.id,
    billingAddress: buyingFor.billingAddress,
  };
}

/** A member's spending limits, or null: limits bind buyers only (approvers and admins approve). */
export function limitsOf(buyingFor: Awaited<ReturnType<typeof buyingCompanyOf>>) {
  return buyingFor?.role === 'buyer' &&
    (buyingFor.orderLimitCents !== null || buyingFor.monthlyLimitCents !== null)
    ? { orderLimitCents: buyingFor.orderLimitCents, monthlyLimitCents: buyingFor.monthlyLimitCents }
    : null;
}

/** What checkout answers: the order placed, or the request for approval it became. */
export type CheckoutResult = { order: Order } | { approval: Approval };

/**
 * Checks out the buyer's cart as one order (docs/architecture.md, "Orders and their lines"). A
 * line the cart already marks (archived, sold out, short, a quantity the rules refuse) is named
 * before anything is tried; then the order is placed by the one placement path, all lines or
 * none, at the total the buyer confirmed. The placement removes the cart's lines in the same
 * transaction and only while the cart still holds them, so a cart becomes at most one order
 * however often, and from however many devices, Checkout is pressed. A company's buyer over
 * their limit gets a request for approval instead (docs/payments.md, "Approvals").
 */
export async function checkout(
  db: Db,
  customer: Actor,
  body: CheckoutBody,
  deps: CheckoutDeps,
): Promise<CheckoutResult> {
  const [goods, buyingFor] = await Promise.all([
    readCart(db, customer.id),
    buyingCompanyOf(db, customer.id),
  ]);
  if (goods.lines.length === 0) throw conflict(checkoutMessages.emptyCart);
  if (buyingFor?.poRequired && !body.poNumber) {
    throw badRequest(companyMessages.poRequired, { poNumber: companyMessages.poRequired });
  }
  const onAccount = body.paymentMethod === 'account';
  if (onAccount && !buyingFor) throw conflict(companyMessages.notInCompany);
  if (onAccount && buyingFor?.termsDays == null) throw conflict(creditMessages.noTerms);
  const marked = goods.lines.flatMap((l) => (l.problem ? [[l.toolId, l.problem] as const] : []));
  if (marked.length > 0) throw conflict(checkoutMessages.notReady, Object.fromEntries(marked));
  const cart: CheckoutCart = {
    lines: goods.lines,
    subtotalCents: goods.subtotalCents,
    phone: body.phone,
    address: body.address,
    poNumber: body.poNumber || null,
    billTo: billToOf(body, buyingFor),
    paymentMethod: onAccount ? 'account' : 'card',
    shippingMode: body.shippingMode ?? 'complete',
  };
  const limits = limitsOf(buyingFor);
  const expectedTotalCents = dollarsToCents(body.expectedTotal);
  try {
    return { order: await placeCart(db, customer, cart, expectedTotalCents, deps, { limits }) };
  } catch (error) {
    if (!(error instanceof OverLimit) || !buyingFor || !limits) throw error;
    const summary = summaryOf(cart, deps.shopTerms);
    return {
      approval: await requestApproval(db, customer, buyingFor, summary, error.limit, limits, deps),
    };
  }
}
