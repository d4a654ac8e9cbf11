import type { OrderStatus } from '@voltforge/contract/order-rules';
import type { TimelineActor, TimelineEvent } from '@voltforge/contract/order-timeline';
import { QueryError } from '../ui/query-error';
import { Spinner } from '../ui/spinner';
import { useOrderTimeline } from '../../lib/api/get-order-timeline';
import { useDateFormat } from '../../lib/first-paint/local-time';

function actorText(actor: TimelineActor): string {
  switch (actor.kind) {
    case 'customer':
      return actor.name ? `by ${actor.name}` : 'by the customer';
    case 'admin':
      return actor.name ? `by ${actor.name} (staff)` : 'by Voltforge staff';
    case 'provider':
      return 'by the card provider';
    case 'system':
      return 'by the shop';
  }
}

const dot: Record<TimelineEvent['kind'], string> = {
  placed: 'bg-primary',
  payment_attempt: 'bg-info',
  provider_event: 'bg-base-content/30',
  status: 'bg-success',
  cancelled: 'bg-error',
  stock: 'bg-base-content/30',
  document: 'bg-info',
  payment_received: 'bg-success',
  refund: 'bg-warning',
  shipment: 'bg-info',
};

/** What happened to one order, oldest first, each with who and when. */
export function OrderTimelineList({
  orderId,
  status,
  label,
}: {
  orderId: string;
  status: OrderStatus;
  label: string;
}) {
  const timeline = useOrderTimeline(orderId, status);
  const when = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  if (timeline.isPending) return <Spinner block label="Loading the order's history" />;
  if (timeline.isError) {
    return <QueryError message={timeline.error.message} onRetry={() => void timeline.refetch()} />;
  }
  return (
    <ol aria-label={label} className="relative flex flex-col gap-4 border-l border-base-300 pl-5">
      {timeline.data.events.map((event, i) => (
        <li key={`${event.at}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.6rem] h-3 w-3 rounded-full ${dot[event.kind]}`}
          />
          <p className="font-medium">{event.title}</p>
          {event.detail ? (
            <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{event.detail}</p>
          ) : null}
          <p className="text-sm text-base-content/75">
            <time dateTime={event.at}>{when.format(new Date(event.at))}</time>{' '}
            {actorText(event.actor)}
          </p>
        </li>
      ))}
    </ol>
  );
}
