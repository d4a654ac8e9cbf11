import type { QueryClient } from '@tanstack/react-query';
import type { MergeCartResult } from '@voltforge/contract/cart';
import { MAX_CART_LINES } from '@voltforge/contract/cart-text';
import { cartText } from '@voltforge/contract/cart-text';
import { api, errorMessage } from '../api/api-client';
import { toast } from '../page/toast';
import { cartKeys } from './cart-keys';
import { addLocalLines, takeLocalCart } from './local-cart-writes';

/** A long list of changes is cut short in the toast; the cart page shows every line anyway. */
const CHANGES_SHOWN = 5;

function ChangesToast({ changes }: { changes: readonly string[] }) {
  const hidden = changes.length - CHANGES_SHOWN;
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium">{cartText.mergedFromBrowser}</p>
      <ul className="list-disc pl-5 text-sm">
        {changes.slice(0, CHANGES_SHOWN).map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      {hidden > 0 ? <p className="text-sm">And {hidden} more: see your cart.</p> : null}
    </div>
  );
}

/**
 * Moves this browser's cart into the signed-in account's (POST /api/cart/merge) and tells the
 * buyer what changed. The lines leave the browser before the call; if it fails they go back, to
 * be tried again on the next page load (not at once: a refusal would only repeat).
 */
export async function mergeLocalCart(queryClient: QueryClient, userId: string): Promise<void> {
  const lines = takeLocalCart();
  if (lines.length === 0) return;
  try {
    const { cart, changes } = await api.post<MergeCartResult>('/cart/merge', {
      lines: lines.slice(0, MAX_CART_LINES),
    });
    // A read of the cart sent before the merge must not overwrite the merged cart.
    await queryClient.cancelQueries({ queryKey: cartKeys.mine(userId) });
    queryClient.setQueryData(cartKeys.mine(userId), cart);
    if (changes.length > 0) toast.info(<ChangesToast changes={changes} />);
  } catch (error) {
    addLocalLines(lines);
    toast.error(
      `The cart from this browser could not be added to your account: ${errorMessage(error)}`,
    );
  }
}
