import type { Cart } from '@voltforge/contract/cart';
import { cartText } from '@voltforge/contract/cart-text';
import { chargeTexts, type ShopTerms } from '@voltforge/contract/charges';
import { dollarsToCents } from '@voltforge/contract/money';
import { Link, useLocation } from 'react-router';
import { OrderCharges } from '../../../components/order/order-charges';
import { Spinner } from '../../../components/ui/spinner';
import { useSavedDelivery } from '../../../lib/api/use-saved-delivery';
import { paths } from '../../../lib/paths';
import { CheckoutForm } from './checkout-form';

interface CheckoutPanelProps {
  cart: Cart;
  /** The shop's terms, for how much more ships free; undefined when they could not be read. */
  terms: ShopTerms | undefined;
  /** The signed-in buyer's id; null for a visitor, who is asked to log in first. */
  userId: string | null;
  onShortages: (shortages: Record<string, string>) => void;
}

/**
 * The form starts from the default address of the address book, else the profile's phone and
 * address; without either, from nothing. The address book failing to load only leaves it out.
 */
function SignedInCheckout({
  cart,
  userId,
  onShortages,
}: Omit<CheckoutPanelProps, 'terms'> & { userId: string }) {
  const saved = useSavedDelivery(userId);
  if (!saved) return <Spinner label="Loading your delivery details" />;
  const { books, chosen, delivery, profile, company } = saved;
  const defaults = {
    ...delivery,
    poNumber: '',
    // A member's orders are made out to the company; anyone else's to the profile's.
    company: company?.name ?? profile?.company ?? '',
    taxId: (company ? company.taxId : profile?.taxId) ?? '',
  };
  return (
    <CheckoutForm
      cart={cart}
      defaults={defaults}
      books={books}
      firstAddress={chosen?.id ?? ''}
      poRequired={company?.poRequired ?? false}
      account={company?.account ?? null}
      onShortages={onShortages}
    />
  );
}

/**
 * What an order of the cart costs (subtotal, shipping, tax, total) and the way to check out: a
 * form for a buyer, a way to log in for a visitor.
 */
export function CheckoutPanel({ cart, terms, userId, onShortages }: CheckoutPanelProps) {
  const location = useLocation();
  const untilFree = terms ? chargeTexts.untilFree(dollarsToCents(cart.subtotal), terms) : null;
  return (
    <section
      aria-labelledby="checkout-heading"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="checkout-heading" className="card-title text-xl">
          Checkout
        </h2>
        <div className="flex flex-col gap-2">
          <OrderCharges
            charges={{
              goods: cart.subtotal,
              shipping: cart.shipping,
              tax: cart.tax,
              taxRate: cart.taxRate,
              total: cart.total,
            }}
            goodsLabel="Subtotal"
            testId="cart"
            className="text-base"
          />
          {untilFree ? (
            <p className="text-sm text-base-content/80" data-testid="cart-until-free">
              {untilFree}
            </p>
          ) : null}
        </div>
        {userId === null ? (
          <>
            <p className="text-sm text-base-content/75">
              Your cart is kept in this browser. Log in or register to check out: it joins your
              account&apos;s cart.
            </p>
            {/* The login page returns to where its state says the visitor came from. */}
            <Link to={paths.login} state={{ from: location }} className="btn btn-primary">
              {cartText.signInToCheckOut}
            </Link>
          </>
        ) : (
          <SignedInCheckout cart={cart} userId={userId} onShortages={onShortages} />
        )}
      </div>
    </section>
  );
}
