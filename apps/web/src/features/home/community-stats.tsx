/** Fixed figures about the community, not computed from the data. */
const stats = [
  { value: '2352K', label: 'Users', detail: 'trade and hobby customers' },
  { value: '23K', label: 'Monthly orders', detail: 'shipped from our warehouse' },
  { value: '2352K', label: 'Monthly revenue', detail: 'reinvested in new tools' },
];

export function CommunityStats() {
  return (
    <section aria-labelledby="stats-heading" className="below-fold">
      <div className="mx-auto w-full max-w-7xl px-4 py-14 text-center sm:px-6 lg:px-8">
        <h2 id="stats-heading" className="text-3xl font-bold tracking-tight">
          Our community
        </h2>
        <p className="mx-auto mt-2 mb-8 max-w-xl text-base-content/75">
          People who build, wire and repair trust Voltforge every day.
        </p>
        <dl className="stats stats-vertical w-full border border-base-300 bg-base-100 shadow-sm md:stats-horizontal">
          {stats.map((s) => (
            <div key={s.label} className="stat place-items-center">
              <dt className="stat-title text-base-content/75">{s.label}</dt>
              <dd className="stat-value text-primary">{s.value}</dd>
              <dd className="stat-desc text-base-content/70">{s.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
