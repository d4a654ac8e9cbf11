import { formatCount } from './format-number.ts';
/**
 * The cart's words on screen that more than one place shows (the cart page, the add buttons, the
 * end-to-end journeys). Kept apart from cart.ts and checkout.ts, which carry zod, so a tool card's
 * Add to cart does not load the schemas before it is pressed.
 */

export const cartText = {
  added: 'Added to cart',
  addedLines: (lines: number) =>
    `${lines === 1 ? '1 line' : `${formatCount(lines)} lines`} added to your cart.`,
  empty: 'Your cart is empty',
  signInToCheckOut: 'Log in to check out',
  quickOrderLabel: 'Paste part numbers and quantities',
  quickOrderHint:
    'One line each: "part number, quantity", or a line of a past order ("VF-DM200 × 6"). Separate them with a comma, a tab, a semicolon or spaces; a CSV file with a header row works too. Fifteen hundred is 1500 or 1,500.',
  mergedFromBrowser: 'The cart from this browser was added to your account:',
} as const;
