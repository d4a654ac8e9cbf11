/**
 * The signed-in buyer's server cart, keyed by account so another account signing in on this tab
 * never sees the last one's lines. The navbar, the cart page and the add buttons share it.
 */
export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: string) => [...cartKeys.all, userId] as const,
};
