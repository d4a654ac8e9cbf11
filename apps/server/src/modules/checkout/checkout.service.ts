import type { CheckoutBody } from '@voltforge/contract/checkout';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import { creditMessages } from '@voltforge/contract/credit-rules';
import type { InvoiceRef } from '@voltforge/contract/invoice';
import { eq } from 'drizzle-orm';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../http-error.ts';
import { buyingCompanyOf } from '../company/company.service.ts';
import { readCart } from '../cart/cart.service.ts';
import type { BillTo } from '../orders/placement/compose.ts';
import { placeOrder, type PlaceOrderDeps } from '../orders/placement/place-order.ts';
import type { OrderRow } from '../orders/order-row.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { company } from '../../db/schema/company.ts';
import type { Seller } from '../../config.ts';

/**
 * Who the invoice is made out to: the name and tax id said at checkout (either field sent), else
 * the buyer's company's, else (undefined) the profile's; a member's order is the company's, with
 * its billing address.
 */
function billToOf(
  body: CheckoutBody,
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
  deps: CheckoutDeps,
): Promise<Order> {
  const [cart, buyingFor] = await Promise.all([
    readCart(db, customer.id),
    buyingCompanyOf(db, customer.id),
  ]);
  if (cart.lines.length === 0) throw conflict(checkoutMessages.emptyCart);
  if (buyingFor?.poRequired && !body.poNumber) {
    throw badRequest(companyMessages.poRequired, { poNumber: companyMessages.poRequired });
  }
  const onAccount = body.paymentMethod === 'account';
  if (onAccount && !buyingFor) throw conflict(companyMessages.notInCompany);
  if (onAccount && buyingFor?.termsDays == null) throw conflict(creditMessages.noTerms);
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
      billTo: billToOf(body, buyingFor),
      fromCart: { expectedTotalCents: dollarsToCents(body.expectedTotal) },
      onAccount: onAccount
        ? { invoice: (tx, placed) => invoiceOnAccount(tx, placed, deps.seller) }
        : undefined,
    },
    deps,
  );
}

/**
 * The invoice of an order placed on account, in the placing transaction: due on the company's
 * terms as the placement found them (it holds the company's lock, so they cannot change between).
 */
async function invoiceOnAccount(tx: Tx, placed: OrderRow, seller: Seller): Promise<InvoiceRef> {
  const [terms] = await tx
    .select({ days: company.termsDays })
    .from(company)
    .where(eq(company.id, placed.companyId!));
  if (!terms?.days) throw new Error(`company ${placed.companyId} has no terms`);
  const issued = await issueInvoice(
    tx,
    placed,
    { issuedAt: placed.createdAt, termsDays: terms.days },
    seller,
  );
  return {
    number: issued.number,
    issuedAt: issued.issuedAt.toISOString(),
    dueAt: issued.dueAt?.toISOString() ?? null,
    paidAt: null,
  };
}

export interface CheckoutDeps extends PlaceOrderDeps {
  /** Who issues the invoice of an order on account. */
  seller: Seller;
}
