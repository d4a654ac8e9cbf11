import { useQueryClient } from '@tanstack/react-query';
import { cartText } from '@voltforge/contract/cart-text';
import type { Tool } from '@voltforge/contract/tool';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { toast } from '../../lib/page/toast';

/**
 * Adds the tool's minimum order quantity to the cart, the visitor's or the account's. The cart's
 * code (and the order rules' schemas with it) loads on the first press, not with the catalogue.
 */
export function AddToCartButton({ tool }: { tool: Tool }) {
  const queryClient = useQueryClient();
  const { data: session, isPending } = authClient.useSession();
  const [busy, setBusy] = useState(false);
  // The button is usable before the session has been read (a disabled button flashing to enabled
  // on every card is noise, and was caught mid-transition by the contrast check); a press that
  // early waits for it, so the line goes to the right cart.
  const sessionNow = useRef({ session, isPending });
  useEffect(() => {
    sessionNow.current = { session, isPending };
  }, [session, isPending]);

  const add = async () => {
    setBusy(true);
    try {
      const { addToCart } = await import('../../lib/cart/cart-store');
      while (sessionNow.current.isPending) await new Promise((r) => setTimeout(r, 50));
      await addToCart(queryClient, sessionNow.current.session?.user.id ?? null, [
        { toolId: tool._id, quantity: tool.minOrderQuantity, tool },
      ]);
      toast.success(cartText.added);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline btn-primary flex-1 list-view:btn-sm"
      aria-label={`Add ${tool.name} to cart`}
      disabled={busy}
      onClick={() => void add()}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Add to cart
    </button>
  );
}
