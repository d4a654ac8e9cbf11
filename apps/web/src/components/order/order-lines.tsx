import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';

/** An order from a cart has several lines; its one-tool fields then describe the whole order. */
export const hasSeveralLines = (order: Pick<Order, 'lines'>) => order.lines.length > 1;

interface OrderLinesProps {
  order: Pick<Order, 'lines'>;
  /** Names the list for screen readers, e.g. "Lines of order …". */
  label: string;
  className?: string;
}

/**
 * The lines of an order of several tools, one per row: part number × quantity and the name on
 * the left, the line total and the unit price on the right. A list rather than a table, so it
 * wraps inside whatever holds it (a phone's order card, the payment summary) instead of making
 * it scroll sideways.
 */
export function OrderLines({ order, label, className = '' }: OrderLinesProps) {
  return (
    <ul aria-label={label} className={`divide-y divide-base-300 text-sm ${className}`}>
      {order.lines.map((line) => (
        <li key={line.toolId} className="flex items-start justify-between gap-3 py-1.5">
          <div className="min-w-0">
            <span className="font-mono">{line.partNumber}</span>
            <span className="tabular-nums"> × {formatCount(line.quantity)}</span>
            <div className="text-xs text-base-content/80">{line.name}</div>
          </div>
          <div className="shrink-0 text-right tabular-nums">
            <div className="font-medium">{formatUsd(line.lineTotal)}</div>
            <div className="text-xs text-base-content/80">{formatUsd(line.unitPrice)} each</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
