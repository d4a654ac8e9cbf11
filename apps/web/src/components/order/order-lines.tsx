import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';

/** An order from a cart has several lines; its one-tool fields then describe the whole order. */
export const hasSeveralLines = (order: Pick<Order, 'lines'>) => order.lines.length > 1;

interface OrderLinesProps {
  order: Pick<Order, 'lines'>;
  /** Names the table for screen readers, e.g. "Lines of order …". */
  label: string;
  className?: string;
}

/**
 * The lines of an order of several tools: part number, name, quantity, unit price, line total.
 * Each cell names its column (data-label) for when a stacked table around it turns rows into cards.
 */
export function OrderLines({ order, label, className = '' }: OrderLinesProps) {
  return (
    // Focusable, so a keyboard can scroll it when the table overflows.
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      <table className="table table-xs w-auto" aria-label={label}>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Part number</th>
            <th scope="col">Name</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.toolId}>
              <td data-label="Part number" className="font-mono whitespace-nowrap">
                {line.partNumber}
              </td>
              <td data-label="Name" className="min-w-32 font-normal">
                {line.name}
              </td>
              <td data-label="Quantity" className="text-right tabular-nums">
                {line.quantity.toLocaleString('en-US')}
              </td>
              <td data-label="Unit price" className="text-right tabular-nums">
                {formatUsd(line.unitPrice)}
              </td>
              <td data-label="Line total" className="text-right tabular-nums">
                {formatUsd(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
