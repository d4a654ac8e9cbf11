import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, formatCalendarDate, localDate } from '@voltforge/contract/calendar';
import { formatCount } from '@voltforge/contract/format-number';
import type { Batch } from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import { useRef, useState, type FormEvent } from 'react';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { STACKED_TABLE } from '../../components/ui/stacked-table';
import { TextField } from '../../components/ui/text-field';
import { api } from '../../lib/api/api-client';
import { findToolByPartNumber } from './find-tool';
import { toast } from '../../lib/page/toast';
import { usePageMeta } from '../../lib/page/use-page-meta';
import {
  BackorderSettings,
  BackordersTable,
  ReadyToShip,
  backorderKeys,
} from './components/backorder-panels';

/*
 * Staff's incoming batches (docs/payments.md, "Supply and availability"): what is expected from
 * the line and when, the ones due this week first; add, move and receive.
 */

const keys = { expected: ['batches', 'expected'] as const };
const expectedQuery = () =>
  queryOptions({
    queryKey: keys.expected,
    queryFn: ({ signal }) => api.get<Batch[]>('/admin/batches?received=false', { signal }),
    meta: { read: '/admin/batches?received=false' },
  });

/** The browser's today, as the date inputs speak it (the server checks against the shop's). */
const today = () => localDate(new Date());

function useBatchChange<I>(send: (input: I) => Promise<Batch>, done: (batch: Batch) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (batch) => toast.success(done(batch)),
    // A batch moved or received changes what is owed and what can ship.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.expected }),
        queryClient.invalidateQueries({ queryKey: backorderKeys.owed }),
        queryClient.invalidateQueries({ queryKey: backorderKeys.ready }),
      ]),
  });
}

function AddBatch() {
  const [part, setPart] = useState('');
  const [quantity, setQuantity] = useState('');
  const [expectedOn, setExpectedOn] = useState(addDays(today(), 14));
  const [error, setError] = useState<string | null>(null);
  const add = useBatchChange(
    ({ toolId, ...body }: { toolId: string; quantity: number; expectedOn: string }) =>
      api.post<Batch>(`/admin/tools/${encodeURIComponent(toolId)}/batches`, body),
    () => supplyMessages.added,
  );
  // Set before the catalogue is searched, so a double click cannot add the batch twice.
  const sending = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setError(null);
    const tool = await findToolByPartNumber(part);
    if (!tool) {
      sending.current = false;
      setError(supplyMessages.toolNotFound);
      return;
    }
    add.mutate(
      { toolId: tool._id, quantity: /^\d+$/.test(quantity) ? Number(quantity) : NaN, expectedOn },
      {
        onSuccess: () => {
          setPart('');
          setQuantity('');
        },
        onError: (e) => setError(e.message),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <form
      noValidate
      aria-label="Add a batch"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Part number"
        name="partNumber"
        value={part}
        onChange={(event) => setPart(event.target.value)}
      />
      <TextField
        label="Pieces"
        name="quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
      <TextField
        label="Expected on"
        name="expectedOn"
        type="date"
        value={expectedOn}
        onChange={(event) => setExpectedOn(event.target.value)}
      />
      <button type="submit" className="btn btn-primary self-end" disabled={add.isPending}>
        Add batch
      </button>
      {error ? (
        <p role="alert" className="text-sm text-error sm:col-span-2 lg:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** One expected batch: move it, or receive what arrived. */
function BatchRow({ batch, week }: { batch: Batch; week: string }) {
  const [expectedOn, setExpectedOn] = useState(batch.expectedOn);
  const [arrived, setArrived] = useState(String(batch.quantity));
  const [error, setError] = useState<string | null>(null);
  const move = useBatchChange(
    (date: string) =>
      api.patch<Batch>(`/admin/batches/${encodeURIComponent(batch.id)}`, { expectedOn: date }),
    () => supplyMessages.moved,
  );
  const receive = useBatchChange(
    (quantity: number) =>
      api.post<Batch>(`/admin/batches/${encodeURIComponent(batch.id)}/receive`, { quantity }),
    (done) => supplyMessages.receivedToast(done.receivedQuantity ?? 0),
  );
  const dueSoon = batch.expectedOn <= week;
  return (
    <tr>
      <th scope="row" data-label="Tool" className="font-normal">
        <div>
          <span className="font-mono">{batch.partNumber}</span>
          <div className="text-xs text-base-content/75">{batch.name}</div>
        </div>
      </th>
      <td data-label="Pieces" className="tabular-nums">
        {formatCount(batch.quantity)}
      </td>
      <td data-label="Due">
        {formatCalendarDate(batch.expectedOn)}
        {dueSoon ? <span className="badge badge-sm badge-warning ml-2">This week</span> : null}
      </td>
      <td data-label="Move">
        <form
          noValidate
          aria-label={`Move the batch of ${batch.partNumber}`}
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            move.mutate(expectedOn, { onError: (e) => setError(e.message) });
          }}
        >
          <TextField
            label="New date"
            name={`move-${batch.id}`}
            type="date"
            value={expectedOn}
            onChange={(event) => setExpectedOn(event.target.value)}
          />
          <button type="submit" className="btn btn-sm" disabled={move.isPending}>
            Move
          </button>
        </form>
      </td>
      <td data-label="Receive">
        <form
          noValidate
          aria-label={`Receive the batch of ${batch.partNumber}`}
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            receive.mutate(/^\d+$/.test(arrived) ? Number(arrived) : NaN, {
              onError: (e) => setError(e.message),
            });
          }}
        >
          <TextField
            label="Arrived"
            name={`receive-${batch.id}`}
            inputMode="numeric"
            value={arrived}
            onChange={(event) => setArrived(event.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-primary" disabled={receive.isPending}>
            Receive
          </button>
        </form>
        {error ? (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** /dashboard/supply: the batches staff expect, due this week first, and a form to add one. */
export function SupplyPage() {
  usePageMeta('Supply', 'Incoming batches: what the line delivers and when.');
  const batches = useQuery(expectedQuery());
  const week = addDays(today(), 7);
  return (
    <section aria-labelledby="supply-heading" className="flex flex-col gap-4">
      <h2 id="supply-heading" className="text-2xl font-bold">
        Supply
      </h2>
      <p className="text-sm text-base-content/80">
        What can ship, what is owed, and the batches expected from the line. A batch received goes
        to waiting back-orders first, oldest first; a date moved is what buyers are told.
      </p>
      <h3 className="text-lg font-semibold">Can ship now</h3>
      <ReadyToShip />
      <h3 className="text-lg font-semibold">Back-orders</h3>
      <BackordersTable />
      <BackorderSettings />
      <h3 className="text-lg font-semibold">Incoming batches</h3>
      <AddBatch />
      {batches.isPending ? (
        <Spinner block />
      ) : batches.isError ? (
        <QueryError message={batches.error.message} onRetry={() => void batches.refetch()} />
      ) : batches.data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6">No batches expected.</p>
      ) : (
        <div role="region" aria-label="Expected batches" tabIndex={0} className="overflow-x-auto">
          <table className={`table table-sm ${STACKED_TABLE}`}>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Pieces</th>
                <th scope="col">Due</th>
                <th scope="col">Move</th>
                <th scope="col">Receive</th>
              </tr>
            </thead>
            <tbody>
              {batches.data.map((batch) => (
                <BatchRow key={`${batch.id}-${batch.expectedOn}`} batch={batch} week={week} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
