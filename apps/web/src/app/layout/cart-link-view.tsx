import { cartLinkLabel } from '@voltforge/contract/cart-link';
import { Link } from 'react-router';
import { LineIcon } from '../../components/ui/line-icon';
import { paths } from '../../lib/paths';

const CART_ICON = 'M3 4h2l2.4 11h10.8L21 7H6.3M9.5 19.5h.01M17.5 19.5h.01';

/** The navbar's link to /cart, with its number of lines once known (null: not yet). */
export function CartLinkView({ count }: { count: number | null }) {
  return (
    <Link
      to={paths.cart}
      className="btn btn-ghost btn-circle indicator"
      aria-label={count === null ? 'Cart' : cartLinkLabel(count)}
    >
      <LineIcon d={CART_ICON} />
      {count ? (
        <span
          aria-hidden="true"
          className="badge badge-secondary badge-sm indicator-item tabular-nums"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
