import { formatCalendarDate, localDate } from '@voltforge/contract/calendar';
import { formatCount } from '@voltforge/contract/format-number';
import { useToolSupply } from '../../../lib/api/get-tool-supply';

/**
 * When the next batch of the tool is due (docs/payments.md, "Supply and availability"), read once
 * the page is hydrated; its line is kept from the first paint, so nothing moves when it fills.
 */
export function NextBatch({ toolId }: { toolId: string }) {
  const supply = useToolSupply(toolId);
  const next = supply.data?.incoming[0];
  // A batch that is late is due now, not on a day gone by.
  const today = localDate(new Date());
  const due = next && next.expectedOn < today ? today : next?.expectedOn;
  return (
    <p className="min-h-5 text-sm text-base-content/80">
      {next
        ? `Next batch: ${formatCount(next.quantity)} pcs. due ${formatCalendarDate(due ?? today)}.`
        : null}
    </p>
  );
}
