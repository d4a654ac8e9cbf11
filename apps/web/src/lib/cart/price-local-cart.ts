import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Cart, CartLine } from '@voltforge/contract/cart';
import { GONE_TOOL_NAME } from '@voltforge/contract/cart-rules';
import { api } from '../api/api-client';
import { cartKeys } from './cart-keys';
import type { LocalCartLine } from './local-cart';

/** A visitor's line whose tool the catalogue no longer has: nothing to show of it but Remove. */
export const isGoneLine = (line: CartLine) =>
  line.partNumber === '' && line.name === GONE_TOOL_NAME;

/** Nothing to price: nothing to ship or tax either. */
const EMPTY_CART: Cart = {
  lines: [],
  subtotal: 0,
  shipping: 0,
  tax: 0,
  taxRate: 0,
  total: 0,
  ready: true,
};

/**
 * A visitor's cart (its lines kept in this browser) priced by the server as the account's cart
 * would be, in one call whatever the number of lines (POST /api/cart/price): the same rules and
 * words, shipping and tax, and a quick order's 500 lines cost one request, not one per tool.
 */
export const visitorCartQuery = (lines: readonly LocalCartLine[]) =>
  queryOptions({
    queryKey: [...cartKeys.all, 'visitor', lines] as const,
    queryFn: ({ signal }): Promise<Cart> =>
      lines.length === 0
        ? Promise.resolve(EMPTY_CART)
        : api.post<Cart>('/cart/price', { lines }, { signal }),
    // A few seconds' old price is fine while the visitor looks; the lines changing asks again,
    // showing the last answer meanwhile rather than a spinner.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
