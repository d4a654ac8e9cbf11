import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linePiecesText } from '@voltforge/contract/back-order';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { formatCount } from '@voltforge/contract/format-number';
import type { Order } from '@voltforge/contract/order';
import type { BackorderSummary, ToolSupply } from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';
import { TextField } from '../../../components/ui/text-field';
import { api } from '../../../lib/api/api-client';
import { findToolByPartNumber } from '../find-tool';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/page/toast';

/*
 * Staff's back-order views (docs/payments.md, "Back-orders"): which tools may be sold beyond their
 * stock and with what lead time, what is owed per tool, and the orders that can ship now.
 */

export const backorderKeys = {
  owed: ['backorders'] as const,
  ready: ['shipping', 'ready'] as const,
};

const owedQuery = () =>
  queryOptions({
    queryKey: backorderKeys.owed,
    queryFn: ({ signal }) => api.get<BackorderSummary[]>('/admin/backorders', { signal }),
    meta: { read: '/admin/backorders' },
  });
const readyQuery = () =>
  queryOptions({
    queryKey: backorderKeys.ready,
    queryFn: ({ signal }) => api.get<Order[]>('/admin/shipping/ready', { signal }),
    meta: { read: '/admin/shipping/ready' },
  });

/** A tool's back-order settings, found by its part number. */
export function BackorderSettings() {
  const queryClient = useQueryClient();
  const [part, setPart] = useState('');
  const [allowed, setAllowed] = useState(true);
  const [weeks, setWeeks] = useState('6');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({
      toolId,
      ...body
    }: {
      toolId: string;
      backorderable: boolean;
      leadTimeWeeks: number | null;
    }) => api.put<ToolSupply>(`/admin/tools/${encodeURIComponent(toolId)}/supply`, body),
    onSuccess: () => toast.success(supplyMessages.settingsSaved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backorderKeys.owed }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const tool = await findToolByPartNumber(part);
    if (!tool) {
      setError(supplyMessages.toolNotFound);
      return;
    }
    const leadTimeWeeks =
      weeks.trim() === '' ? null : /^\d+$/.test(weeks.trim()) ? Number(weeks) : NaN;
    save.mutate(
      { toolId: tool._id, backorderable: allowed, leadTimeWeeks },
      { onError: (e) => setError(e.message) },
    );
  };
  return (
    <form
      noValidate
      aria-label="Back-order settings"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Part number"
        name="settingsPartNumber"
        value={part}
        onChange={(event) => setPart(event.target.value)}
      />
      <TextField
        label="Lead time (weeks)"
        name="leadTimeWeeks"
        inputMode="numeric"
        hint="1 to 104: dates what no batch covers."
        value={weeks}
        onChange={(event) => setWeeks(event.target.value)}
      />
      <label className="flex items-center gap-2 self-end pb-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={allowed}
          onChange={(event) => setAllowed(event.target.checked)}
        />
        <span className="text-sm">Sell beyond stock</span>
      </label>
      <button type="submit" className="btn self-end" disabled={save.isPending}>
        Save settings
      </button>
      {error ? (
        <p role="alert" className="text-sm text-error sm:col-span-2 lg:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** What is owed per tool, most first: pieces, lines, the oldest, the earliest day, what comes. */
export function BackordersTable() {
  const owed = useQuery(owedQuery());
  if (owed.isPending) return <Spinner block />;
  if (owed.isError) {
    return <QueryError message={owed.error.message} onRetry={() => void owed.refetch()} />;
  }
  if (owed.data.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-4">Nothing is back-ordered.</p>
    );
  }
  return (
    <div role="region" aria-label="Back-orders per tool" tabIndex={0} className="overflow-x-auto">
      <table className={`table table-sm ${STACKED_TABLE}`}>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Owed</th>
            <th scope="col">Oldest</th>
            <th scope="col">Earliest promise</th>
            <th scope="col">Next batch</th>
            <th scope="col">Lead time</th>
          </tr>
        </thead>
        <tbody>
          {owed.data.map((b) => (
            <tr key={b.toolId}>
              <th scope="row" data-label="Tool" className="font-normal">
                <span className="font-mono">{b.partNumber}</span>
                <div className="text-xs text-base-content/75">{b.name}</div>
              </th>
              <td data-label="Owed" className="tabular-nums">
                {formatCount(b.owed)} on {formatCount(b.lines)} {b.lines === 1 ? 'order' : 'orders'}
              </td>
              <td data-label="Oldest">{formatCalendarDate(b.oldestOrderedAt.slice(0, 10))}</td>
              <td data-label="Earliest promise">
                {b.earliestPromise ? formatCalendarDate(b.earliestPromise) : '—'}
              </td>
              <td data-label="Next batch">
                {b.nextBatch
                  ? `${formatCount(b.nextBatch.quantity)} on ${formatCalendarDate(b.nextBatch.expectedOn)}`
                  : 'None expected'}
              </td>
              <td data-label="Lead time">
                {b.leadTimeWeeks === null ? '—' : `${b.leadTimeWeeks} weeks`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The orders with pieces that can ship now, oldest first, each linked to its page. */
export function ReadyToShip() {
  const ready = useQuery(readyQuery());
  if (ready.isPending) return <Spinner block />;
  if (ready.isError) {
    return <QueryError message={ready.error.message} onRetry={() => void ready.refetch()} />;
  }
  if (ready.data.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-4">Nothing waits to ship.</p>
    );
  }
  return (
    <ul aria-label="Orders that can ship now" className="flex flex-col gap-2">
      {ready.data.map((o) => (
        <li
          key={o._id}
          className="rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm"
        >
          <Link to={paths.manageOrder(o._id)} className="link font-mono font-medium">
            {o.number}
          </Link>{' '}
          · {o.name}
          <div className="text-xs text-base-content/80">
            {o.lines
              .filter((l) => l.allocated > 0)
              .map((l) => `${l.partNumber}: ${linePiecesText(l)}`)
              .join('; ')}
          </div>
        </li>
      ))}
    </ul>
  );
}
