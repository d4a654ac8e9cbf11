import type { CartLine } from '@voltforge/contract/cart';
import { availabilityText } from '@voltforge/contract/availability';
import { dollarsToCents, formatUsd } from '@voltforge/contract/money';
import { pricingMessages } from '@voltforge/contract/pricing';
import { toolImageAt } from '@voltforge/contract/tool-image-rules';
import { Link } from 'react-router';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';
import { isGoneLine } from '../../../lib/cart/price-local-cart';
import { paths } from '../../../lib/paths';
import { QuantityEditor } from './quantity-editor';
import { LineOrigin } from '../../../components/order/order-lines';

interface CartLinesProps {
  lines: readonly CartLine[];
  /** Lines a checkout found short, by tool id, with the server's words. */
  shortages: Readonly<Record<string, string>>;
  onSetQuantity: (line: CartLine, quantity: number) => Promise<string | null>;
  onRemove: (line: CartLine) => void;
  removing: string | null;
}

/**
 * What keeps the line from checkout, a shortage found at checkout, a changed price, and how a
 * quantity beyond stock ships ("18 now, 7 by Jan 14": the contract's availability).
 */
function LineMessages({ line, shortage }: { line: CartLine; shortage?: string }) {
  if (!line.problem && !line.notice && !shortage && !line.availability) return null;
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-sm font-normal">
      {line.availability ? (
        <p className="text-base-content/80">Ships {availabilityText(line.availability)}</p>
      ) : null}
      {/* The cart read again marks the line itself: the checkout's word would say it twice. */}
      {shortage && !line.problem ? <p className="font-medium text-error">{shortage}</p> : null}
      {line.problem ? <p className="text-error">{line.problem}</p> : null}
      {line.notice ? <p className="text-base-content/80">{line.notice}</p> : null}
    </div>
  );
}

/**
 * The cart's lines: a table on wide screens, one card per line on a phone (a stacked table, so
 * each value keeps its column's name). Every control is a labelled field or a named button.
 */
export function CartLines({ lines, shortages, onSetQuantity, onRemove, removing }: CartLinesProps) {
  return (
    // Focusable, so a keyboard can scroll it when the table overflows.
    <div
      role="region"
      aria-label="Your cart"
      tabIndex={0}
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
    >
      <table className={`table ${STACKED_TABLE}`}>
        <caption className="sr-only">Cart lines</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">
              <span className="sr-only">Image</span>
            </th>
            <th scope="col">Part number</th>
            <th scope="col">Name</th>
            <th scope="col">Quantity</th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const shortage = shortages[line.toolId];
            // A marked line has no tinted background: the theme's red keeps 4.5:1 on white only.
            return (
              <tr key={line.toolId} data-tool-id={line.toolId}>
                <td>
                  {line.img ? (
                    <img
                      src={toolImageAt(line.img, 128)}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      className="h-12 w-16 rounded object-cover"
                    />
                  ) : null}
                </td>
                <td data-label="Part number" className="whitespace-nowrap">
                  <span className="font-mono">{line.partNumber || '—'}</span>
                </td>
                <th scope="row" data-label="Name" className="min-w-48 font-medium">
                  <div>
                    {isGoneLine(line) ? (
                      line.name
                    ) : (
                      <Link to={paths.tool(line.toolId)} className="link link-hover">
                        {line.name}
                      </Link>
                    )}
                    <LineOrigin line={line} linkProject />
                    <LineMessages line={line} shortage={shortage} />
                  </div>
                </th>
                <td data-label="Quantity">
                  <QuantityEditor
                    key={line.quantity}
                    line={line}
                    onSave={(quantity) => onSetQuantity(line, quantity)}
                  />
                  {line.suggestion ? (
                    // More pieces for no more money at the next price break: one tap to take it.
                    <button
                      type="button"
                      className="link mt-1 block text-left text-sm"
                      onClick={() => void onSetQuantity(line, line.suggestion!.quantity)}
                    >
                      {pricingMessages.nextBreak(
                        line.suggestion.quantity,
                        line.quantity,
                        dollarsToCents(line.suggestion.saving),
                      )}
                    </button>
                  ) : null}
                </td>
                <td data-label="Unit price" className="text-right tabular-nums max-sm:text-left">
                  {isGoneLine(line) ? '—' : formatUsd(line.unitPrice)}
                </td>
                <td
                  data-label="Line total"
                  className="text-right font-semibold tabular-nums max-sm:text-left"
                >
                  {isGoneLine(line) ? '—' : formatUsd(line.lineTotal)}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    disabled={removing === line.toolId}
                    aria-label={`Remove ${line.partNumber || line.name}`}
                    onClick={() => onRemove(line)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
