/** Query keys for order histories, read by My Orders and the back office's order page. */
export const orderTimelineKeys = {
  all: ['order-timeline'] as const,
  /** The order's status is in the key: a status change is a new history to fetch. */
  order: (orderId: string, status: string) => [...orderTimelineKeys.all, orderId, status] as const,
};
