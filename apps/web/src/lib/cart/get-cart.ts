import { queryOptions } from '@tanstack/react-query';
import type { Cart } from '@voltforge/contract/cart';
import { api } from '../api/api-client';
import { cartKeys } from './cart-keys';

const CART_PATH = '/cart';

/** GET /api/cart: the signed-in buyer's cart, every line priced now. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get(CART_PATH, { signal });
}

export const cartQuery = (userId: string) =>
  queryOptions({
    queryKey: cartKeys.mine(userId),
    queryFn: ({ signal }) => getCart(signal),
    meta: { read: CART_PATH },
  });
