import { randomUUID } from 'node:crypto';
import type { OrderCharges, ShopTerms } from '@voltforge/contract/charges';
import { lowStockThresholdOf } from '@voltforge/contract/low-stock';
import type { ShippingMode } from '@voltforge/contract/order-rules';
import type { Actor } from '../../../auth/guards.ts';
import type { OrderLineRow } from '../../../db/schema/order.ts';
import type { RenderOrderMail } from '../../../mail/order-notices.ts';
import type { OrderRow } from '../order-row.ts';
import type { PricedLine } from './judge.ts';
import type { OrderingState } from './read.ts';
import type { PlacementRequest } from './reserve.ts';

/*
 * Step 5 of placing an order (place-order.ts): the order as it will be written, its mail, and the
 * request step 6 sends to the database. Nothing here reads or writes.
 */

/**
 * Who the invoice is made out to: a company name and tax id, the company account the order is
 * placed for, and the billing address when it is not the delivery address.
 */
export interface BillTo {
  company: string | null;
  taxId: string | null;
  companyId?: string | null;
  billingAddress?: string | null;
}

/**
 * Where to deliver, from the buyer; their PO number and who the invoice is made out to (null:
 * their profile's company and tax id); whether the lines are the account's cart.
 */
export interface Delivery {
  phone: string;
  address: string;
  poNumber: string | null;
  billTo: BillTo | null;
  fromCart: boolean;
  /** On the company's account (`billTo.companyId`): invoiced at once, not paid by card first. */
  onAccount: boolean;
  /** The buyer's limits, when they have any; over them, approval is asked for instead. */
  limits?: { orderLimitCents: number | null; monthlyLimitCents: number | null } | null;
  /** An approved cart: its approval and who approved it. */
  approval?: { id: string; approvedBy: string } | null;
  /** Back-ordered pieces: in one shipment with the rest, or each as it arrives. */
  shippingMode?: ShippingMode;
}

/** The order row (as the API answers it once placed) and the placement request that writes it. */
export function composeOrder(
  customer: Actor,
  delivery: Delivery,
  state: OrderingState,
  priced: readonly PricedLine[],
  charges: OrderCharges,
  /** The rate the tax was charged at: the shop's, or an accepted quote's. */
  terms: Pick<ShopTerms, 'taxRateBasisPoints'>,
  deps: { maxUnpaid: number; renderMail: RenderOrderMail },
  /** The shop's calendar day the lines were judged on (`judgeLines`). */
  today: string,
): { row: OrderRow; request: PlacementRequest } {
  const id = randomUUID();
  const lines: OrderLineRow[] = priced.map(({ tool, price, source, split }, i) => ({
    orderId: id,
    lineNo: i + 1,
    toolId: tool.id,
    toolName: tool.name,
    partNumber: tool.part_number,
    unitPriceCents: price.unitPriceCents,
    quantity: price.quantity,
    totalCents: price.totalCents,
    projectId: source?.projectId ?? null,
    projectRevision: source?.projectRevision ?? null,
    projectName: source?.projectName ?? null,
    customerRef: source?.customerRef ?? null,
    allocated: split.allocated,
    backordered: price.quantity - split.allocated,
    shipped: 0,
    cancelled: 0,
    returned: 0,
    promisedOn: split.allocated < price.quantity ? split.promisedOn : null,
  }));
  const row: OrderRow = {
    id,
    userId: customer.id,
    customerName: customer.name,
    email: customer.email,
    phone: delivery.phone,
    address: delivery.address,
    number: state.number,
    goodsCents: charges.goodsCents,
    shippingCents: charges.shippingCents,
    taxCents: charges.taxCents,
    taxRateBp: terms.taxRateBasisPoints,
    totalCents: charges.totalCents,
    company: delivery.billTo ? delivery.billTo.company : state.company,
    taxId: delivery.billTo ? delivery.billTo.taxId : state.taxId,
    poNumber: delivery.poNumber,
    companyId: delivery.billTo?.companyId ?? null,
    billingAddress: delivery.billTo?.billingAddress ?? null,
    status: delivery.onAccount ? 'on_account' : 'pending_payment',
    paymentMethod: delivery.onAccount ? 'account' : 'card',
    approvedBy: delivery.approval?.approvedBy ?? null,
    paymentIntentId: null,
    transactionId: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    createdAt: new Date(state.now),
    invoice: null,
    refunds: [],
    carrier: null,
    trackingNumber: null,
    shippingMode: delivery.shippingMode ?? 'complete',
    lines,
  };
  const mail = deps.renderMail({ kind: 'order_placed' }, row);
  const request: PlacementRequest = {
    order_id: row.id,
    number: row.number,
    user_id: customer.id,
    customer_name: row.customerName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    max_unpaid: deps.maxUnpaid,
    goods_cents: row.goodsCents,
    shipping_cents: row.shippingCents,
    tax_cents: row.taxCents,
    tax_rate_bp: row.taxRateBp,
    total_cents: row.totalCents,
    company: row.company,
    tax_id: row.taxId,
    po_number: row.poNumber,
    company_id: row.companyId,
    billing_address: row.billingAddress,
    on_account: delivery.onAccount,
    order_limit_cents: delivery.limits?.orderLimitCents ?? null,
    monthly_limit_cents: delivery.limits?.monthlyLimitCents ?? null,
    approval_id: delivery.approval?.id ?? null,
    approved_by: delivery.approval?.approvedBy ?? null,
    from_cart: delivery.fromCart,
    shipping_mode: row.shippingMode,
    today,
    lines: row.lines.map((l, i) => {
      const tool = priced[i]!.tool;
      return {
        line_no: l.lineNo,
        tool_id: l.toolId,
        tool_name: l.toolName,
        part_number: l.partNumber,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        project_id: l.projectId,
        project_revision: l.projectRevision,
        project_name: l.projectName,
        customer_ref: l.customerRef,
        terms: tool.terms,
        allocated: l.allocated,
        promised_on: l.promisedOn,
        low_at: lowStockThresholdOf({
          lowStockThreshold: tool.low_stock_threshold,
          minOrderQuantity: tool.min_order_quantity,
        }),
      };
    }),
    mail_subject: mail.subject,
    mail_html: mail.html,
    mail_text: mail.text,
    staff_notice: mail.staffNotice === 'placed' ? 'placed' : null,
  };
  return { row, request };
}
