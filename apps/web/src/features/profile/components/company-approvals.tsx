import type { Approval } from '@voltforge/contract/approval';
import { approvalMessages, approvalStatusLabels } from '@voltforge/contract/approval-rules';
import type { Company } from '@voltforge/contract/company';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { dateFormat } from '@voltforge/contract/format-date';
import { formatUsd } from '@voltforge/contract/money';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { api, ApiError } from '../../../lib/api/api-client';
import { companyKeys } from '../../../lib/api/get-company';
import { orderKeys } from '../../../lib/api/order-keys';
import { toast } from '../../../lib/page/toast';
import { useSetLimits } from '../api/company';

const APPROVALS_PATH = '/company/approvals';
const approvalsKey = [...companyKeys.all, 'approvals'] as const;
const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'local');

/** A limit as typed: '' for none, else dollars (the server says what it refuses). */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));
const shown = (limit: number | null) => (limit === null ? '' : String(limit));

/** An admin sets a buyer's limits: per order, and for the company's month. */
function LimitsForm({ member }: { member: Company['members'][number] }) {
  const setLimits = useSetLimits();
  const [orderLimit, setOrderLimit] = useState(shown(member.orderLimit));
  const [monthlyLimit, setMonthlyLimit] = useState(shown(member.monthlyLimit));
  const fields = setLimits.error instanceof ApiError ? setLimits.error.fields : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLimits.mutate(
      {
        userId: member.userId,
        limits: { orderLimit: limitOf(orderLimit), monthlyLimit: limitOf(monthlyLimit) },
      },
      { onSuccess: () => toast.success(approvalMessages.limitsSaved) },
    );
  };
  return (
    <form
      aria-label={`Limits of ${member.name}`}
      noValidate
      onSubmit={submit}
      className="grid gap-2 py-2 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end"
    >
      <span className="font-medium sm:self-center">{member.name}</span>
      <TextField
        label="Per order ($)"
        name="orderLimit"
        inputMode="decimal"
        placeholder="No limit"
        value={orderLimit}
        onChange={(event) => setOrderLimit(event.target.value)}
        error={fields?.orderLimit}
      />
      <TextField
        label="Per month ($)"
        name="monthlyLimit"
        inputMode="decimal"
        placeholder="No limit"
        value={monthlyLimit}
        onChange={(event) => setMonthlyLimit(event.target.value)}
        error={fields?.monthlyLimit}
      />
      <button type="submit" className="btn btn-outline btn-sm" disabled={setLimits.isPending}>
        Save limits
      </button>
    </form>
  );
}

/** The buyers' spending limits, for the company's admins. */
export function SpendingLimits({ company }: { company: Company }) {
  const buyers = company.members.filter((m) => m.role === 'buyer');
  if (buyers.length === 0) {
    return (
      <p className="text-sm text-base-content/75">
        No buyers: approvers and admins have no limits.
      </p>
    );
  }
  return (
    <div className="divide-y divide-base-300 text-sm">
      <p className="pb-2 text-base-content/75">
        Over a limit, a buyer&apos;s checkout goes to an approver. The monthly limit counts the
        company&apos;s orders this month. Leave a field empty for no limit.
      </p>
      {buyers.map((member) => (
        <LimitsForm
          key={`${member.userId}-${member.orderLimit}-${member.monthlyLimit}`}
          member={member}
        />
      ))}
    </div>
  );
}

function Decide({ request }: { request: Approval }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const done = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: approvalsKey }),
      queryClient.invalidateQueries({ queryKey: orderKeys.company() }),
    ]);
  const approve = useMutation({
    mutationFn: () =>
      api.post<Approval>(`${APPROVALS_PATH}/${encodeURIComponent(request.id)}/approve`, {}),
    onSuccess: () => toast.success(approvalMessages.approved),
    onError: (error) => toast.error(error.message),
    onSettled: done,
  });
  const reject = useMutation({
    mutationFn: () =>
      api.post<Approval>(`${APPROVALS_PATH}/${encodeURIComponent(request.id)}/reject`, {
        reason,
      }),
    onSuccess: () => toast.success(approvalMessages.rejected),
    onSettled: done,
  });
  const busy = approve.isPending || reject.isPending;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-primary btn-sm self-start"
        disabled={busy}
        onClick={() => approve.mutate()}
      >
        Approve and place the order
      </button>
      <form
        aria-label={`Reject the request of ${request.requestedBy.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          reject.mutate();
        }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="grow">
          <TextField
            label="Reason for rejecting"
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={
              reject.error instanceof ApiError
                ? (reject.error.fields?.reason ?? reject.error.message)
                : undefined
            }
          />
        </div>
        <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
          Reject
        </button>
      </form>
    </div>
  );
}

/** Requests for approval: approvers decide the pending ones; buyers follow their own. */
export function CompanyApprovals({ canDecide }: { canDecide: boolean }) {
  const approvals = useQuery(
    queryOptions({
      queryKey: approvalsKey,
      queryFn: ({ signal }) => api.get<Approval[]>(APPROVALS_PATH, { signal }),
      meta: { read: APPROVALS_PATH },
    }),
  );
  if (approvals.error) {
    return (
      <QueryError message={approvals.error.message} onRetry={() => void approvals.refetch()} />
    );
  }
  if (!approvals.data) return <Spinner label="Loading requests for approval" />;
  if (approvals.data.length === 0) {
    return <p className="text-sm text-base-content/75">No requests for approval.</p>;
  }
  return (
    <ul aria-label="Requests for approval" className="divide-y divide-base-300 text-sm">
      {approvals.data.map((request) => (
        <li key={request.id} className="flex flex-col gap-2 py-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium">{request.requestedBy.name}</span>
            <span className="text-base-content/80">{when.format(new Date(request.createdAt))}</span>
            <span className="grow tabular-nums font-semibold">{formatUsd(request.total)}</span>
            <span
              className={`badge badge-sm ${request.status === 'pending' ? 'badge-warning' : request.status === 'approved' ? 'badge-success' : 'badge-ghost'}`}
            >
              {approvalStatusLabels[request.status]}
            </span>
          </div>
          <p className="text-base-content/80">
            {request.why} ·{' '}
            {request.paymentMethod === 'account'
              ? creditMessages.payOnInvoice
              : creditMessages.payByCard}
            {request.poNumber ? ` · PO ${request.poNumber}` : ''}
          </p>
          <ul className="list-inside list-disc">
            {request.lines.map((line) => (
              <li key={line.partNumber}>
                <span className="font-mono">{line.partNumber}</span> × {line.quantity}:{' '}
                {formatUsd(line.lineTotal)}
              </li>
            ))}
          </ul>
          <p className="whitespace-pre-line text-base-content/80">{request.address}</p>
          {request.order ? <p>Order {request.order.number}</p> : null}
          {request.reason ? <p>Reason: {request.reason}</p> : null}
          {request.decidedBy ? (
            <p className="text-base-content/80">Decided by {request.decidedBy}</p>
          ) : null}
          {canDecide && request.status === 'pending' ? <Decide request={request} /> : null}
        </li>
      ))}
    </ul>
  );
}
