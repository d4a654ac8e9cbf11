import { useId, useState } from 'react';
import type { OrderStatus } from '@voltforge/contract/order';
import { OrderTimelineList } from './order-timeline';

/** A "History" button that shows, under it, what happened to the customer's order. */
export function OrderHistoryToggle({
  orderId,
  status,
  toolName,
}: {
  orderId: string;
  status: OrderStatus;
  toolName: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        History <span className="sr-only">of the order for {toolName}</span>
      </button>
      <div id={panelId} hidden={!open} className="mt-2">
        {open ? (
          <OrderTimelineList
            orderId={orderId}
            status={status}
            label={`History of order ${orderId}`}
          />
        ) : null}
      </div>
    </div>
  );
}
