import { formatUsd } from '@voltforge/contract/money';
import type { Tool } from '@voltforge/contract/tool';

/** The tool being ordered: image, name, NEW badge, quantities, unit price, description. */
export function ToolSummary({ tool }: { tool: Tool }) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200 p-6">
        <img
          src={tool.img}
          alt={tool.name}
          width={480}
          height={360}
          // The page's largest paint: fetched before the other images.
          fetchPriority="high"
          className="h-56 w-full object-contain sm:h-72"
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
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-base-content/70">Minimum Order Quantity</dt>
            <dd className="text-lg font-semibold">{tool.minOrderQuantity} pcs.</dd>
          </div>
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-base-content/70">Available Quantity</dt>
            <dd className="text-lg font-semibold">{tool.inStock} pcs.</dd>
          </div>
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-base-content/70">Price per unit</dt>
            <dd className="text-lg font-semibold">{formatUsd(tool.price)}</dd>
          </div>
        </dl>
        <p className="leading-relaxed text-base-content/80">{tool.desc}</p>
      </div>
    </article>
  );
}
