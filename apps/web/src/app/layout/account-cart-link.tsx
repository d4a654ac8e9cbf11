import { useAccountCartCount } from '../../lib/cart/use-account-cart-count';
import { CartLinkView } from './cart-link-view';

/** A signed-in buyer's cart link: the server cart's lines, after merging this browser's. */
export function AccountCartLink({ userId }: { userId: string }) {
  return <CartLinkView count={useAccountCartCount(userId)} />;
}
