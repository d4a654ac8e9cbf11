import type { PaymentMethod } from './order-rules.ts';

/*
 * Approvals (docs/payments.md, "Approvals"): a buyer's spending limits, and the carts over them
 * that wait for an approver. Without zod (pages show these before zod loads).
 */

export const approvalStatuses = ['pending', 'approved', 'rejected', 'void'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const approvalStatusLabels: Record<ApprovalStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  void: 'Void: the cart changed',
};

/** What was asked for: the cart priced, where it goes, how it is paid. */
export interface ApprovalSummary {
  lines: Array<{
    toolId: string;
    partNumber: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }>;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  phone: string;
  address: string;
  poNumber: string | null;
  paymentMethod: PaymentMethod;
  company: string | null;
  taxId: string | null;
}

/**
 * The text a fingerprint is taken of: every field of the summary in a fixed order, so the same
 * cart, prices, totals, address, PO number and payment method always give the same text.
 */
export function fingerprintText(s: ApprovalSummary): string {
  return JSON.stringify([
    s.lines.map((l) => [l.toolId, l.quantity, l.unitPriceCents, l.totalCents]),
    s.goodsCents,
    s.shippingCents,
    s.taxCents,
    s.totalCents,
    s.phone,
    s.address,
    s.poNumber,
    s.paymentMethod,
    s.company,
    s.taxId,
  ]);
}

export const approvalMessages = {
  sent: 'Sent for approval',
  sentDetail: (total: string) =>
    `This order (${total}) is over your limit: it was sent to your company's approvers. Your cart is kept as it is; changing it withdraws the request.`,
  overOrderLimit: (limit: string) => `Over your order limit of ${limit}`,
  overMonthlyLimit: (limit: string) => `Over your monthly limit of ${limit}`,
  approved: 'Approved: the order is placed',
  rejected: 'Request rejected',
  notFound: 'Approval request not found.',
  approverOnly: 'Only an approver or an admin of the company can decide.',
  decided: (status: string) => `This request is ${status.toLowerCase()} already.`,
  cartChanged:
    "The requester's cart changed since it was sent for approval, so the request is void. They can send it again.",
  reason: 'Reason must be one line of at most 300 characters',
  limit: 'Limit must be a dollar amount of 0 or more, or empty for none',
  limitsSaved: 'Limits saved',
} as const;
