import { chargeTexts, type ShopTerms } from '@voltforge/contract/charges';
import { useShopTerms } from '../../lib/api/get-shop-terms';

const SHIPPING_ICON =
  'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z';

/** The shipping promise as the shop's terms make it; a shop that never ships free says so. */
function shippingPromise(terms: ShopTerms) {
  const free = terms.shippingFlatCents === 0 || terms.freeShippingOverCents !== null;
  return { title: free ? 'Free Shipping' : 'Flat-Rate Shipping', text: chargeTexts.promise(terms) };
}

/*
 * Until the terms are known (a visit that did not start on a server-rendered page) the card keeps
 * the usual sentence's room, unseen, so nothing below it moves when they arrive.
 */
const PENDING_SHIPPING_TEXT = 'On orders over $75.00, anywhere we deliver.';

const otherPromises = [
  {
    title: '100% Payment Secure',
    text: 'Card payments through our payment provider; we never see or store your card number.',
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
    pending: false,
  },
  {
    title: 'Support 24/7',
    text: 'Engineers on call around the clock for orders, wiring questions and repairs.',
    icon: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zM20 13h-3v6h2a1 1 0 0 0 1-1zM17 19c0 1.1-1.8 2-4 2',
    pending: false,
  },
];

/** The shop's three promises, the shipping one from the shop's terms. */
export function PromiseCards() {
  const terms = useShopTerms().data;
  const shipping = terms
    ? { ...shippingPromise(terms), pending: false }
    : { title: 'Free Shipping', text: PENDING_SHIPPING_TEXT, pending: true };
  const promises = [{ ...shipping, icon: SHIPPING_ICON }, ...otherPromises];
  return (
    <section
      aria-labelledby="promises-heading"
      className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8"
    >
      <h2 id="promises-heading" className="sr-only">
        Our promises
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {promises.map((p) => (
          <li key={p.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body flex-row items-start gap-4">
              <span className="rounded-box bg-primary p-3 text-primary-content">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-7 w-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={p.icon} />
                </svg>
              </span>
              <div>
                <h3 className="text-lg font-bold">{p.title}</h3>
                <p
                  className={`mt-1 text-sm text-base-content/75 ${p.pending ? 'invisible' : ''}`}
                  aria-hidden={p.pending || undefined}
                >
                  {p.text}
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
