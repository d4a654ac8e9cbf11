/**
 * The navbar's cart link as screen readers read it. A file of its own, without zod or the cart's
 * other text: the navbar is in every page's first load.
 */
export const cartLinkLabel = (lines: number) =>
  `Cart, ${lines === 1 ? '1 line' : `${lines} lines`}`;
