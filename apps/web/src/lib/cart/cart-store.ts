import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@voltforge/contract/cart';
import { MAX_CART_LINES, cartMessages } from '@voltforge/contract/cart-text';
import { quantityProblem, type Orderable } from '@voltforge/contract/quantity-rules';
import { api } from '../api/api-client';
import { cartKeys } from './cart-keys';
import { localCartLines } from './local-cart';
import { addLocalLines, removeLocalLine, setLocalQuantity } from './local-cart-writes';

/**
 * The cart's changes, whichever store holds it: the server's for a signed-in buyer (`userId`),
 * this browser's for a visitor (null). Plain functions, so a tool card can load them on its first
 * press instead of with the catalogue; pages use them through `useCartActions`.
 */

export interface AddLine {
  toolId: string;
  quantity: number;
  /**
   * The tool as the page shows it, for a visitor's cart: the order form's rules are checked on
   * the quantity the line will have, as the server checks a signed-in buyer's. A quick order's
   * lines come without one: the server has just judged them.
   */
  tool?: Orderable & { partNumber: string };
}

type Owner = string | null;

/** What the server answers with is the cart: it replaces the cached one, no second read. */
function keep(queryClient: QueryClient, userId: string, cart: Cart) {
  queryClient.setQueryData(cartKeys.mine(userId), cart);
}

/** All the lines or none, refused with the server's messages (the part number first when several). */
function addToLocalCart(lines: readonly AddLine[]) {
  const current = new Map(localCartLines().map((line) => [line.toolId, line.quantity]));
  const newTools = new Set(lines.map((l) => l.toolId).filter((id) => !current.has(id)));
  if (current.size + newTools.size > MAX_CART_LINES) throw new Error(cartMessages.tooManyLines);
  const wanted = new Map<string, number>();
  for (const { toolId, quantity } of lines) {
    wanted.set(toolId, (wanted.get(toolId) ?? current.get(toolId) ?? 0) + quantity);
  }
  for (const { toolId, tool } of lines) {
    if (!tool) continue;
    const problem = quantityProblem(tool, wanted.get(toolId) ?? 0);
    if (problem) {
      throw new Error(wanted.size > 1 ? `${tool.partNumber}: ${problem.message}` : problem.message);
    }
  }
  addLocalLines(lines.map(({ toolId, quantity }) => ({ toolId, quantity })));
}

/** Adds quantities to the cart (to what it already has of each tool), all or none. */
export async function addToCart(
  queryClient: QueryClient,
  userId: Owner,
  lines: readonly AddLine[],
): Promise<void> {
  if (userId === null) {
    addToLocalCart(lines);
    return;
  }
  const body = { lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })) };
  keep(queryClient, userId, await api.post<Cart>('/cart/lines', body));
}

/** Sets one line's quantity; the caller has checked it by the order form's rules. */
export async function setCartQuantity(
  queryClient: QueryClient,
  userId: Owner,
  toolId: string,
  quantity: number,
): Promise<void> {
  if (userId === null) {
    setLocalQuantity(toolId, quantity);
    return;
  }
  const path = `/cart/lines/${encodeURIComponent(toolId)}`;
  keep(queryClient, userId, await api.put<Cart>(path, { quantity }));
}

export async function removeCartLine(
  queryClient: QueryClient,
  userId: Owner,
  toolId: string,
): Promise<void> {
  if (userId === null) {
    removeLocalLine(toolId);
    return;
  }
  keep(queryClient, userId, await api.delete<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`));
}
