import { cartQuery } from '../../lib/cart/get-cart';
import { useAccountCartCount } from '../../lib/cart/use-account-cart-count';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { CartLinkView } from './cart-link-view';

/** The site frame's reads for a signed-in reader: their cart, counted in the navbar. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ user }) => (user ? [cartQuery(user.id)] : []))
  : undefined;

/** A signed-in buyer's cart link: the server cart's lines, after merging this browser's. */
export function AccountCartLink({ userId }: { userId: string }) {
  return <CartLinkView count={useAccountCartCount(userId)} />;
}
