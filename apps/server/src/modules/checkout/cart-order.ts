import { orderCharges, type ShopTerms } from '@voltforge/contract/charges';
import type { ApprovalSummary } from '@voltforge/contract/approval-rules';
import type { CartGoods } from '@voltforge/contract/cart-rules';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import type { PaymentMethod, ShippingMode } from '@voltforge/contract/order-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Seller } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoiceOnAccount } from '../invoices/invoices.service.ts';
import type { BillTo } from '../orders/placement/compose.ts';
import {
  placeOrder,
  type PlaceOrderDeps,
  type PlaceOrderInput,
} from '../orders/placement/place-order.ts';

/*
 * A cart as checkout places it: its lines as read, where it goes and how it is paid. Checkout
 * and an approved request both place it here (docs/payments.md, "Approvals").
 */

export interface CheckoutDeps extends PlaceOrderDeps {
  /** Who issues the invoice of an order on account. */
  seller: Seller;
  /** The shop's address, for the links in approval mails. */
  publicUrl: string;
}

/** The buyer's cart, priced now, with what checkout was told. */
export interface CheckoutCart {
  lines: CartGoods['lines'];
  subtotalCents: number;
  phone: string;
  address: string;
  poNumber: string | null;
  billTo: BillTo | undefined;
  paymentMethod: PaymentMethod;
  /**
   * How back-ordered pieces ship. A cart sent for approval is approved and placed shipping
   * complete (the approval's total is the one-shipment total).
   */
  shippingMode?: ShippingMode;
}

/** What an approver is asked to approve: the cart priced with its charges, and its delivery. */
export function summaryOf(cart: CheckoutCart, terms: ShopTerms): ApprovalSummary {
  const charges = orderCharges(cart.subtotalCents, terms);
  return {
    lines: cart.lines.map((l) => ({
      toolId: l.toolId,
      partNumber: l.partNumber,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: dollarsToCents(l.unitPrice),
      totalCents: dollarsToCents(l.lineTotal),
    })),
    goodsCents: charges.goodsCents,
    shippingCents: charges.shippingCents,
    taxCents: charges.taxCents,
    totalCents: charges.totalCents,
    phone: cart.phone,
    address: cart.address,
    poNumber: cart.poNumber,
    paymentMethod: cart.paymentMethod,
    company: cart.billTo?.company ?? null,
    taxId: cart.billTo?.taxId ?? null,
  };
}

/**
 * Places the cart as one order for `customer` (docs/architecture.md, "Orders and their lines"),
 * at `expectedTotalCents`, with the limits and approval given: the one way a cart becomes an
 * order, for a checkout and for an approved request alike.
 */
export function placeCart(
  db: Db,
  customer: Actor,
  cart: CheckoutCart,
  expectedTotalCents: number,
  deps: CheckoutDeps,
  extra: Pick<PlaceOrderInput, 'limits' | 'approval'> = {},
): Promise<Order> {
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
      phone: cart.phone,
      address: cart.address,
      poNumber: cart.poNumber,
      billTo: cart.billTo,
      fromCart: { expectedTotalCents },
      shippingMode: cart.shippingMode ?? 'complete',
      onAccount:
        cart.paymentMethod === 'account'
          ? { invoice: (tx, placed) => invoiceOnAccount(tx, placed, deps.seller) }
          : undefined,
      ...extra,
    },
    deps,
  );
}
