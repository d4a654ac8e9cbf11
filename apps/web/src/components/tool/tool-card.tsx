import type { Tool } from '@voltforge/contract/tool';
import { formatUsd } from '@voltforge/contract/money';
import { formatBreaks, isSoldOut, pricingOf } from '@voltforge/contract/pricing';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { previewText } from '../../lib/page/preview-text';
import { useRenderTime } from '../../lib/first-paint/render-time';

/** The shop's display rules: description preview length and how long a tool counts as NEW. */
const DESC_PREVIEW_LENGTH = 100;
const NEW_BADGE_DAYS = 30;
const DAY_MS = 86_400_000;

// Compared with when the page loaded (lib/first-paint/render-time.ts), not with the clock: rendering stays
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
  /**
   * The catalogue's cards: shown as a dense row while its list view is on (the list-view CSS
   * variant, features/catalog/tool-view.ts): no image or description, the facts on one line.
   */
  listable?: boolean;
}

/** The list view's classes, only on a card that can be a row. */
const rowClasses = {
  article:
    'list-view:h-auto list-view:rounded-field list-view:shadow-none list-view:hover:shadow-none',
  body: 'list-view:grid list-view:grid-cols-1 list-view:gap-2 list-view:p-3 sm:list-view:grid-cols-[minmax(0,1fr)_auto] sm:list-view:items-center sm:list-view:gap-x-4',
  hidden: 'list-view:hidden',
  heading: 'list-view:text-base',
  facts:
    'list-view:flex list-view:flex-wrap list-view:gap-x-4 list-view:gap-y-0.5 sm:list-view:col-start-1',
  fact: 'list-view:flex list-view:gap-1.5',
  actions:
    'list-view:mt-0 list-view:flex-nowrap list-view:pt-0 sm:list-view:col-start-2 sm:list-view:row-span-2 sm:list-view:row-start-1 sm:list-view:w-60',
  button: 'list-view:btn-sm',
} as const;
const noRow = Object.fromEntries(Object.keys(rowClasses).map((k) => [k, ''])) as Record<
  keyof typeof rowClasses,
  string
>;
// A fact's box takes no part in the card's two-column grid.
const pairs = { list: `contents ${rowClasses.fact}`, card: 'contents' };

/** A fact's label: a row, being short of room, uses the short one. */
function Label({ row, full, short }: { row: boolean; full: string; short: string }) {
  if (!row) return full;
  return (
    <>
      <span className="list-view:hidden">{full}</span>
      <span className="hidden list-view:inline">{short}</span>
    </>
  );
}

/**
 * One tool for sale: image, name (a link to its page), NEW badge, description preview, price and its breaks,
 * minimum order, order multiple and available quantity, and Purchase, which opens the order page
 * (and, in the catalogue, Add to cart beside it).
 */
export function ToolCard({
  tool,
  headingLevel: Heading = 'h3',
  eager = false,
  action,
  listable = false,
}: ToolCardProps) {
  const row = listable ? rowClasses : noRow;
  const soldOut = isSoldOut(tool);
  // A row shows the part number once, in its facts, so a name that starts with it drops it there.
  const partInName = listable && tool.name.startsWith(`${tool.partNumber} `);
  const headingId = `tool-${tool._id}-name`;
  const now = useRenderTime();
  return (
    <article
      aria-labelledby={headingId}
      className={`card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md ${row.article}`}
    >
      <figure className={`aspect-[4/3] bg-base-200 ${row.hidden}`}>
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
      <div className={`card-body gap-3 p-5 ${row.body}`}>
        <div className={`flex flex-wrap items-center gap-2 ${row.hidden}`}>
          <span className="badge badge-ghost badge-sm">{tool.category}</span>
          {isNew(tool.createdAt, now) ? (
            <span className="badge badge-secondary badge-sm font-semibold">NEW</span>
          ) : null}
          {soldOut ? <span className="badge badge-error badge-sm">Out of stock</span> : null}
        </div>
        <Heading id={headingId} className={`card-title text-lg leading-snug ${row.heading}`}>
          {/* Every card opens its tool's page, also when it is out of stock (no Purchase then). */}
          <Link to={paths.tool(tool._id)} className="link link-hover">
            {partInName ? (
              // One flex item, so the title's gap does not open between part number and name.
              <span>
                <span className={row.hidden}>{tool.partNumber} </span>
                {tool.name.slice(tool.partNumber.length + 1)}
              </span>
            ) : (
              tool.name
            )}
          </Link>
        </Heading>
        <p className={`text-sm text-base-content/80 ${row.hidden}`}>
          {previewText(tool.desc, DESC_PREVIEW_LENGTH)}
        </p>
        <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${row.facts}`}>
          {/* Each fact in a box of its own only as a row, so a label never wraps from its value. */}
          <div className={listable ? pairs.list : pairs.card}>
            <dt className="text-base-content/70">
              <Label row={listable} full="Part number" short="Part no." />
            </dt>
            <dd className="font-mono">{tool.partNumber}</dd>
          </div>
          <div className={listable ? pairs.list : pairs.card}>
            <dt className="text-base-content/70">
              <Label row={listable} full="Price per unit" short="Price" />
            </dt>
            <dd className="font-semibold">{formatUsd(tool.price)}</dd>
          </div>
          {tool.priceBreaks.length > 0 ? (
            <div className={`contents ${row.hidden}`}>
              <dt className="text-base-content/70">Price breaks</dt>
              <dd>{formatBreaks(pricingOf(tool))}</dd>
            </div>
          ) : null}
          <div className={listable ? pairs.list : pairs.card}>
            <dt className="text-base-content/70">
              <Label row={listable} full="Minimum Order Quantity" short="Min. order" />
            </dt>
            <dd className="font-semibold">{tool.minOrderQuantity}</dd>
          </div>
          {tool.orderMultiple > 1 ? (
            <div className={listable ? pairs.list : pairs.card}>
              <dt className="text-base-content/70">
                <Label row={listable} full="Order multiple" short="Multiple" />
              </dt>
              <dd className="font-semibold">{tool.orderMultiple} pcs.</dd>
            </div>
          ) : null}
          <div className={listable ? pairs.list : pairs.card}>
            <dt className="text-base-content/70">
              <Label row={listable} full="Available Quantity" short="Available" />
            </dt>
            <dd className="font-semibold">{tool.inStock}</dd>
          </div>
        </dl>
        <div className={`card-actions mt-auto pt-2 ${row.actions}`}>
          {soldOut ? (
            <button type="button" className={`btn btn-block ${row.button}`} disabled>
              Out of stock
            </button>
          ) : (
            <>
              <Link
                to={paths.tool(tool._id)}
                className={`${action ? 'btn btn-primary flex-1' : 'btn btn-primary btn-block'} ${row.button}`}
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
