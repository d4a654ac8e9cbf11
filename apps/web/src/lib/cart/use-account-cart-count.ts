import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cartQuery } from './get-cart';
import { useLocalCart } from './local-cart';

/**
 * The number of lines in a signed-in buyer's cart; null while unknown. Mounted once, in the
 * navbar, it also merges a visitor's cart into the account when a session appears: whichever way
 * the buyer signed in or registered (a form, a popup, a redirect back from a provider, another
 * tab), the navbar sees the session, so no path can skip the merge. The merge's code loads only
 * when this browser holds lines to merge.
 */
export function useAccountCartCount(userId: string): number | null {
  const queryClient = useQueryClient();
  const hasLocalLines = useLocalCart().length > 0;
  const count = useQuery({ ...cartQuery(userId), select: (cart) => cart.lines.length });

  // Once per account and page load: a merge that failed keeps its lines for the next load.
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hasLocalLines || mergedFor.current === userId) return;
    mergedFor.current = userId;
    import('./merge-local-cart')
      .then(({ mergeLocalCart }) => mergeLocalCart(queryClient, userId))
      .catch(() => {
        // The merge's code did not arrive (offline): the lines stay here for the next try.
        mergedFor.current = null;
      });
  }, [userId, hasLocalLines, queryClient]);

  return count.data ?? null;
}
