import { formatCount } from './format-number.ts';
import { formatUsd } from './money.ts';
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

/** The most lines a cart holds (a quick order adds up to 500 at once). */
export const MAX_CART_LINES = 500;

export const cartMessages = {
  unknownTool: 'This tool is not in the catalogue any more.',
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} lines. Check out or remove some first.`,
  archived: 'No longer sold. Remove it to check out.',
  soldOut: 'Out of stock now. Remove it to check out.',
  short: (available: number) =>
    `Only ${formatCount(available)} in stock now. Lower the quantity to check out.`,
  priceChanged: (was: number, now: number) =>
    `The price changed from ${formatUsd(was)} to ${formatUsd(now)} each since you added it.`,
  merged: (partNumber: string, quantity: number) =>
    `${partNumber}: ${formatCount(quantity)} pcs. from this browser added to your cart.`,
  mergeCapped: (partNumber: string, quantity: number) =>
    `${partNumber}: only ${formatCount(quantity)} pcs. in your cart, as much as is in stock.`,
  notAddedShort: (available: number, inCart: number) =>
    `Not added: only ${formatCount(available)} in stock${inCart > 0 ? `, and ${formatCount(inCart)} already in your cart` : ''}.`,
  mergeDropped: (partNumber: string) =>
    `${partNumber}: not added, it cannot be ordered now (sold out or no longer sold).`,
} as const;
