import { lazy, Suspense } from 'react';
import { authClient } from '../../lib/auth/auth-client';
import { useLocalCart } from '../../lib/cart/local-cart';
import { CartLinkView } from './cart-link-view';

// A signed-in buyer's cart is the server's (and a visitor's cart is merged into it at sign-in):
// that code loads only for someone signed in, as the avatar menu does.
const AccountCartLink = lazy(() =>
  import('./account-cart-link').then((m) => ({ default: m.AccountCartLink })),
);

/** The navbar's cart link, signed in or not: this browser's lines, or the account's. */
export function CartLink() {
  const { data: session, isPending } = authClient.useSession();
  const localLines = useLocalCart();
  if (isPending) return <CartLinkView count={null} />;
  if (!session) return <CartLinkView count={localLines.length} />;
  return (
    <Suspense fallback={<CartLinkView count={null} />}>
      <AccountCartLink userId={session.user.id} />
    </Suspense>
  );
}
