import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@voltforge/contract/cart';
import { authClient } from '../auth/auth-client';
import { addToCart, removeCartLine, setCartQuantity, type AddLine } from './cart-store';
import { cartQuery } from './get-cart';
import { useLocalCart } from './local-cart';
import { visitorCartQuery } from './price-local-cart';

export type CartState =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'success'; cart: Cart };

/** The signed-in account's id, null for a visitor; undefined while the session is read. */
function useOwner(): string | null | undefined {
  const { data: session, isPending } = authClient.useSession();
  if (isPending) return undefined;
  return session?.user.id ?? null;
}

/**
 * The cart, whoever is looking: a signed-in buyer's from the server, a visitor's from this
 * browser priced by the server as it is now. Either way the same `Cart`.
 */
export function useCart(): CartState {
  const owner = useOwner();
  const localLines = useLocalCart();
  const server = useQuery({ ...cartQuery(owner ?? ''), enabled: typeof owner === 'string' });
  const visitor = useQuery({ ...visitorCartQuery(localLines), enabled: owner === null });

  if (owner === undefined) return { status: 'pending' };
  if (owner !== null) {
    if (server.isPending) return { status: 'pending' };
    if (server.isError) {
      return {
        status: 'error',
        error: server.error,
        retry: () => void server.refetch(),
      };
    }
    return { status: 'success', cart: server.data };
  }

  if (visitor.isPending) return { status: 'pending' };
  if (visitor.isError) {
    return { status: 'error', error: visitor.error, retry: () => void visitor.refetch() };
  }
  return { status: 'success', cart: visitor.data };
}

/**
 * Changing the cart, whichever store holds it. Each mutation rejects with the server's message
 * (or, for a visitor, the same rule's); what the page does next goes in `mutate(…, { onSuccess })`.
 */
export function useCartActions() {
  const queryClient = useQueryClient();
  const owner = useOwner();
  const userId = owner ?? null;
  const add = useMutation({
    mutationFn: (lines: readonly AddLine[]) => addToCart(queryClient, userId, lines),
  });
  const setQuantity = useMutation({
    mutationFn: ({ toolId, quantity }: { toolId: string; quantity: number }) =>
      setCartQuantity(queryClient, userId, toolId, quantity),
  });
  const remove = useMutation({
    mutationFn: (toolId: string) => removeCartLine(queryClient, userId, toolId),
  });
  return { add, setQuantity, remove, ready: owner !== undefined };
}
