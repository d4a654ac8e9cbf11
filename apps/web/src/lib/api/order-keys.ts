/**
 * Query keys for orders, read by the customer's list, the payment page and the back office. Every
 * list sits under `lists()`, so a change to one order refreshes whichever lists are cached.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  mine: (email: string) => [...orderKeys.lists(), 'mine', email] as const,
  everyone: (filter: { status?: string; search?: string; page: number }) =>
    [...orderKeys.lists(), 'everyone', filter] as const,
  /** The signed-in member's company's orders (GET /api/company/orders). */
  company: () => [...orderKeys.lists(), 'company'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};
