import { useId, useState } from 'react';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import { OrderTimelineList } from './order-timeline';

interface OrderHistoryProps {
  orderId: string;
  status: OrderStatus;
  toolName: string;
}

/**
 * The open/closed state of one order's history, for a "History" button and a panel that may sit
 * apart (in a table, the panel is a row of its own under the order's row).
 */
export function useOrderHistory() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return { open, panelId, toggle: () => setOpen((was) => !was) };
}

export function OrderHistoryButton({
  history,
  toolName,
}: {
  history: ReturnType<typeof useOrderHistory>;
  toolName: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      aria-expanded={history.open}
      aria-controls={history.panelId}
      onClick={history.toggle}
    >
      History <span className="sr-only">of the order for {toolName}</span>
    </button>
  );
}

export function OrderHistoryPanel({
  history,
  orderId,
  status,
}: Omit<OrderHistoryProps, 'toolName'> & { history: ReturnType<typeof useOrderHistory> }) {
  return (
    <div id={history.panelId} hidden={!history.open} className="mt-2">
      {history.open ? (
        <OrderTimelineList
          orderId={orderId}
          status={status}
          label={`History of order ${orderId}`}
        />
      ) : null}
    </div>
  );
}

/** A "History" button that shows, under it, what happened to the customer's order. */
export function OrderHistoryToggle({ orderId, status, toolName }: OrderHistoryProps) {
  const history = useOrderHistory();
  return (
    <div>
      <OrderHistoryButton history={history} toolName={toolName} />
      <OrderHistoryPanel history={history} orderId={orderId} status={status} />
    </div>
  );
}
