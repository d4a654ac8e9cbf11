import type { Tool } from '@voltforge/contract/tool';
import { formatUsd } from '@voltforge/contract/money';
import { formatBreaks, pricingOf } from '@voltforge/contract/pricing';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { previewText } from '../../lib/preview-text';
import { useRenderTime } from '../../lib/render-time';

/** The shop's display rules: description preview length and how long a tool counts as NEW. */
const DESC_PREVIEW_LENGTH = 100;
const NEW_BADGE_DAYS = 30;
const DAY_MS = 86_400_000;

// Compared with when the page loaded (lib/render-time.ts), not with the clock: rendering stays
// pure, the server and the browser agree on it, and a badge that expires mid-visit can wait for
// the next page load.
function isNew(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) < NEW_BADGE_DAYS * DAY_MS;
}

interface ToolCardProps {
  tool: Tool;
  /** The heading level that fits the page the card is on. */
  headingLevel?: 'h2' | 'h3';
  /** The first cards of a page are likely above the fold: load their images at once. */
  eager?: boolean;
  /**
   * A second action beside Purchase (the catalogue's Add to cart). Passed in, so the pages that
   * show cards without it (the home page) do not load it.
   */
  action?: ReactNode;
}

/**
 * One tool for sale: image, name, NEW badge, description preview, price and its breaks,
 * minimum order, order multiple and available quantity, and Purchase, which opens the order page
 * (and, in the catalogue, Add to cart beside it).
 */
export function ToolCard({
  tool,
  headingLevel: Heading = 'h3',
  eager = false,
  action,
}: ToolCardProps) {
  const soldOut = tool.inStock < 1 || tool.inStock < tool.minOrderQuantity;
  const headingId = `tool-${tool._id}-name`;
  const now = useRenderTime();
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={tool.img}
          alt={tool.name}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-ghost badge-sm">{tool.category}</span>
          {isNew(tool.createdAt, now) ? (
            <span className="badge badge-secondary badge-sm font-semibold">NEW</span>
          ) : null}
          {soldOut ? <span className="badge badge-error badge-sm">Out of stock</span> : null}
        </div>
        <Heading id={headingId} className="card-title text-lg leading-snug">
          {tool.name}
        </Heading>
        <p className="text-sm text-base-content/80">
          {previewText(tool.desc, DESC_PREVIEW_LENGTH)}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Part number</dt>
          <dd className="font-mono">{tool.partNumber}</dd>
          <dt className="text-base-content/70">Price per unit</dt>
          <dd className="font-semibold">{formatUsd(tool.price)}</dd>
          {tool.priceBreaks.length > 0 ? (
            <>
              <dt className="text-base-content/70">Price breaks</dt>
              <dd>{formatBreaks(pricingOf(tool))}</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">Minimum Order Quantity</dt>
          <dd className="font-semibold">{tool.minOrderQuantity}</dd>
          {tool.orderMultiple > 1 ? (
            <>
              <dt className="text-base-content/70">Order multiple</dt>
              <dd className="font-semibold">{tool.orderMultiple} pcs.</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">Available Quantity</dt>
          <dd className="font-semibold">{tool.inStock}</dd>
        </dl>
        <div className="card-actions mt-auto pt-2">
          {soldOut ? (
            <button type="button" className="btn btn-block" disabled>
              Out of stock
            </button>
          ) : (
            <>
              <Link
                to={paths.tool(tool._id)}
                className={action ? 'btn btn-primary flex-1' : 'btn btn-primary btn-block'}
                aria-label={`Purchase ${tool.name}`}
              >
                Purchase
              </Link>
              {action}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
