import type { CartLine } from '@voltforge/contract/cart';
import { cartText } from '@voltforge/contract/cart-text';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { authClient } from '../../lib/auth/auth-client';
import { useCart, useCartActions } from '../../lib/cart/use-cart';
import { shopTermsQuery, useShopTerms } from '../../lib/api/get-shop-terms';
import { savedDeliveryQueries } from '../../lib/api/use-saved-delivery';
import { cartQuery } from '../../lib/cart/get-cart';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/page/toast';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { CartLines } from './components/cart-lines';
import { CheckoutPanel } from './components/checkout-panel';
import { QuickOrderPanel } from './components/quick-order-panel';

/** A buyer's cart, the shop's terms, and what checkout fills the delivery from. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ user }) =>
      user
        ? [cartQuery(user.id), shopTermsQuery(), ...savedDeliveryQueries(user.id)]
        : [shopTermsQuery()],
    )
  : undefined;

/**
 * /cart, for visitors and buyers alike: the lines with their quantities, prices and problems,
 * the subtotal, shipping, tax and total, checkout, and a quick order by part number that fills the
 * cart.
 */
export function CartPage() {
  usePageMeta(
    'Cart',
    'Your Voltforge cart: quantities, prices, quick order by part number and checkout.',
  );
  const state = useCart();
  // For the "add … more for free shipping" hint; the cart's own figures say what it costs.
  const terms = useShopTerms();
  const { add, setQuantity, remove } = useCartActions();
  const userId = authClient.useSession().data?.user.id ?? null;
  const [shortages, setShortages] = useState<Record<string, string>>({});

  const saveQuantity = (line: CartLine, quantity: number) =>
    setQuantity.mutateAsync({ toolId: line.toolId, quantity }).then(
      () => {
        // The buyer acted on the line a checkout found short.
        setShortages(({ [line.toolId]: _gone, ...rest }) => rest);
        return null;
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

  const removeLine = (line: CartLine) =>
    remove.mutate(line.toolId, { onError: (error) => toast.error(error.message) });

  let body;
  // Waiting for the terms too (asked at the same time), so the hint does not push the form down
  // when they arrive; if they cannot be read the cart shows without the hint.
  const loading = state.status === 'pending' || terms.isPending;
  if (loading) {
    body = <Spinner block label="Loading your cart" />;
  } else if (state.status === 'error') {
    body = <QueryError message={state.error.message} onRetry={state.retry} />;
  } else if (state.cart.lines.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
        <h2 className="text-xl font-semibold">{cartText.empty}</h2>
        <p className="text-base-content/75">
          Add tools from the catalogue, or paste a list of part numbers below.
        </p>
        <Link to={paths.tools} className="btn btn-primary btn-sm">
          Browse tools
        </Link>
      </div>
    );
  } else {
    const { cart } = state;
    body = (
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="cart-lines-heading" className="flex flex-col gap-3">
          <h2 id="cart-lines-heading" className="text-xl font-semibold">
            {cart.lines.length === 1 ? '1 line' : `${cart.lines.length} lines`}
          </h2>
          <CartLines
            lines={cart.lines}
            shortages={shortages}
            onSetQuantity={saveQuantity}
            onRemove={removeLine}
            removing={remove.isPending ? (remove.variables ?? null) : null}
          />
          <p className="text-sm text-base-content/80">
            Buying in volume, or need a part we do not list?{' '}
            <Link to={`${paths.quotes}?cart`} className="link">
              Ask for a quote for these lines
            </Link>
          </p>
        </section>
        <CheckoutPanel cart={cart} terms={terms.data} userId={userId} onShortages={setShortages} />
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeading>Cart</PageHeading>
      {body}
      {/* Below the cart, so it comes with it: shown under the spinner, the lines would push it down. */}
      {loading ? null : (
        <div className="mt-8 max-w-4xl">
          <QuickOrderPanel onAdd={(lines) => add.mutateAsync(lines)} adding={add.isPending} />
        </div>
      )}
    </PageContainer>
  );
}
