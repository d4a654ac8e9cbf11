import type { ShopTerms } from '@voltforge/contract/charges';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import type { Actor } from '../../../auth/guards.ts';
import type { Db } from '../../../db/client.ts';
import { conflict } from '../../../http-error.ts';
import type { RenderOrderMail } from '../../../mail/order-notices.ts';
import type { OnLowStock } from '../../../stock/low-stock.service.ts';
import { orderToJson } from '../order-row.ts';
import { afterCommit } from './after-commit.ts';
import { composeOrder, type BillTo } from './compose.ts';
import { confirmTotal } from './confirm-total.ts';
import { judgeLines, refuseUnknownIds } from './judge.ts';
import { readForOrder } from './read.ts';
import { placeBatched } from './reserve.ts';
import { sumSameTool, type WantedLine } from './sum-lines.ts';

/*
 * Placing an order, of one line or many, by one path (docs/architecture.md, "Placing an order"):
 * the named steps of this folder, run in order. The rules are the contract's and are applied to a
 * lock-free read (steps 2-5); the database function (step 6) only checks, under the locks, that
 * what was judged still holds, and writes everything at once.
 */

export interface PlaceOrderInput {
  lines: readonly WantedLine[];
  phone: string;
  address: string;
  /** The buyer's purchase-order number (checkout only). */
  poNumber?: string | null;
  /** Who the invoice is made out to, when the buyer says at checkout; else their profile's. */
  billTo?: BillTo;
  /** Checking out the account's cart: the lines must still be the cart's, and the total as shown. */
  fromCart?: { expectedTotalCents: number };
}

export interface PlaceOrderDeps {
  maxUnpaid: number;
  /** Shipping and tax, from the configuration. */
  shopTerms: ShopTerms;
  renderMail: RenderOrderMail;
  onLowStock: OnLowStock;
}

/** The tools can change between the read and the reservation; the placement is tried again then. */
const PLACE_ATTEMPTS = 3;

/**
 * Places an order for the signed-in customer: every line reserved, or none (decision 015). The
 * lines' names, part numbers and prices come from the tools, never the client. Answers the order
 * as the API sends it.
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  input: PlaceOrderInput,
  deps: PlaceOrderDeps,
): Promise<Order> {
  const wanted = sumSameTool(input.lines);
  refuseUnknownIds(wanted);
  const delivery = {
    phone: input.phone,
    address: input.address,
    poNumber: input.poNumber ?? null,
    billTo: input.billTo ?? null,
    fromCart: !!input.fromCart,
  };
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    const state = await readForOrder(
      db,
      wanted.map((l) => l.toolId),
      customer.id,
    );
    const priced = judgeLines(state, wanted, deps.maxUnpaid);
    const charges = confirmTotal(priced, deps.shopTerms, input.fromCart?.expectedTotalCents);
    const { row, request } = composeOrder(
      customer,
      delivery,
      state,
      priced,
      charges,
      deps.shopTerms,
      deps,
    );
    const placed = await placeBatched(db, request);
    if (placed.outcome === 'too_many_unpaid') {
      throw conflict(orderMessages.tooManyUnpaid(deps.maxUnpaid));
    }
    if (placed.outcome === 'cart_changed') throw conflict(checkoutMessages.cartChanged);
    // 'changed': a tool changed or its stock ran short since the read; read again.
    if (placed.outcome !== 'placed') continue;
    await afterCommit(db, placed.went_low, deps.onLowStock);
    return orderToJson({ ...row, createdAt: new Date(placed.created_at ?? state.now) });
  }
  throw conflict(orderMessages.stockChangedRetry);
}
