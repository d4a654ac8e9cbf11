const promises = [
  {
    title: 'Free Shipping',
    text: 'On orders over $75.00, anywhere we deliver.',
    icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  },
  {
    title: '100% Payment Secure',
    text: 'Card payments through our payment provider; we never see or store your card number.',
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  },
  {
    title: 'Support 24/7',
    text: 'Engineers on call around the clock for orders, wiring questions and repairs.',
    icon: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zM20 13h-3v6h2a1 1 0 0 0 1-1zM17 19c0 1.1-1.8 2-4 2',
  },
];

/** The shop's three promises. */
export function PromiseCards() {
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
                <p className="mt-1 text-sm text-base-content/75">{p.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
