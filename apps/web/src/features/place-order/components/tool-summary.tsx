import { centsToDollars, formatUsd } from '@voltforge/contract/money';
import { breakTable, pricingOf } from '@voltforge/contract/pricing';
import type { Tool } from '@voltforge/contract/tool';

/** The tool's break table (the minimum at the base price first) and its order multiple. */
function PriceBreaks({ tool }: { tool: Tool }) {
  const breaks = breakTable(pricingOf(tool));
  return (
    <div className="text-sm">
      {breaks.length > 1 ? (
        <table className="table table-sm w-auto">
          <caption className="text-left font-semibold">Price breaks</caption>
          <thead>
            <tr>
              <th scope="col" className="text-base-content">
                Quantity
              </th>
              <th scope="col" className="text-base-content">
                Price per unit
              </th>
            </tr>
          </thead>
          <tbody>
            {breaks.map((b) => (
              <tr key={b.quantity}>
                <td>{b.quantity.toLocaleString('en-US')}+</td>
                <td>{formatUsd(centsToDollars(b.unitPriceCents))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {tool.orderMultiple > 1 ? (
        <p className="mt-2">Sold in multiples of {tool.orderMultiple} pcs.</p>
      ) : null}
    </div>
  );
}

/** The tool being ordered: image, name, NEW badge, quantities, unit price and its breaks, description. */
export function ToolSummary({ tool }: { tool: Tool }) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200 p-3 sm:p-6">
        <img
          src={tool.img}
          alt={tool.name}
          width={480}
          height={360}
          // The page's largest paint: fetched before the other images.
          fetchPriority="high"
          className="h-40 w-full object-contain sm:h-72"
        />
      </figure>
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-2xl">{tool.name}</h2>
          <span className="badge badge-secondary">NEW</span>
        </div>
        <p className="text-sm">
          Part number <span className="font-mono">{tool.partNumber}</span>
        </p>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div className="rounded-box bg-base-200 px-2 py-2 sm:px-3">
            <dt className="text-base-content/70">Minimum Order Quantity</dt>
            <dd className="font-semibold sm:text-lg">{tool.minOrderQuantity} pcs.</dd>
          </div>
          <div className="rounded-box bg-base-200 px-2 py-2 sm:px-3">
            <dt className="text-base-content/70">Available Quantity</dt>
            <dd className="font-semibold sm:text-lg">{tool.inStock} pcs.</dd>
          </div>
          <div className="rounded-box bg-base-200 px-2 py-2 sm:px-3">
            <dt className="text-base-content/70">Price per unit</dt>
            <dd className="font-semibold sm:text-lg">{formatUsd(tool.price)}</dd>
          </div>
        </dl>
        {tool.priceBreaks.length > 0 || tool.orderMultiple > 1 ? <PriceBreaks tool={tool} /> : null}
        <p className="leading-relaxed text-base-content/80">{tool.desc}</p>
      </div>
    </article>
  );
}
