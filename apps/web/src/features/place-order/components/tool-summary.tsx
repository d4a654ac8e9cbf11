import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd, formatCents } from '@voltforge/contract/money';
import { breakTable, pricingOf } from '@voltforge/contract/pricing';
import type { Tool } from '@voltforge/contract/tool';
import { toolImageSrcSet } from '@voltforge/contract/tool-image-rules';
import { NextBatch } from './next-batch';

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
                <td>{formatCount(b.quantity)}+</td>
                <td>{formatCents(b.unitPriceCents)}</td>
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

/**
 * The tool being ordered: image, name, NEW badge, part number, quantities and unit price. On a
 * phone the image is a thumbnail beside the name, so that the order form (its quantity) starts
 * within the first screen; from `sm` up it heads the card.
 */
export function ToolSummary({ tool }: { tool: Tool }) {
  const srcSet = toolImageSrcSet(tool.img);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="flex items-start gap-3 p-4 sm:block sm:p-0">
        <figure className="w-24 shrink-0 rounded-box bg-base-200 p-1 sm:w-auto sm:rounded-b-none sm:p-6">
          <img
            src={tool.img}
            // An uploaded picture's sizes: 384 × 288 CSS px from `sm` up, a thumbnail below.
            srcSet={srcSet}
            sizes={srcSet ? '(min-width: 640px) 384px, 88px' : undefined}
            alt={tool.name}
            width={480}
            height={360}
            // The page's largest paint: fetched before the other images.
            fetchPriority="high"
            className="h-20 w-full object-contain sm:h-72"
          />
        </figure>
        <div className="flex min-w-0 flex-col gap-2 sm:px-6 sm:pt-6">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="card-title text-xl sm:text-2xl">{tool.name}</h2>
            <span className="badge badge-secondary">NEW</span>
          </div>
          <p className="text-sm">
            Part number <span className="font-mono">{tool.partNumber}</span>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 px-4 pb-4 text-sm sm:p-6 sm:pt-4">
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
    </article>
  );
}

/**
 * The tool's price breaks (when it has any) and its description: on a phone after the order form,
 * beside it on a wide screen.
 */
export function ToolDetails({ tool }: { tool: Tool }) {
  return (
    <section
      aria-label="About this tool"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3">
        {tool.priceBreaks.length > 0 || tool.orderMultiple > 1 ? <PriceBreaks tool={tool} /> : null}
        <p className="leading-relaxed text-base-content/80">{tool.desc}</p>
        <NextBatch toolId={tool._id} />
      </div>
    </section>
  );
}
