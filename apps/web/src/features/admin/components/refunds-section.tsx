import { dateFormat } from '@voltforge/contract/format-date';
import { chargeTexts } from '@voltforge/contract/charges';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { centsToDollars, formatUsd, formatCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import type { Refund, RefundRequestInput } from '@voltforge/contract/refund';
import {
  MAX_REFUND_REASON_LENGTH,
  refundMessages,
  type RefundStatus,
} from '@voltforge/contract/refund-rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CreditNoteLink } from '../../../components/order/credit-note-links';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { toast } from '../../../lib/page/toast';
import { useRefundOrder, useRetryRefund } from '../api/refund-order';
import {
  checkDraft,
  emptyDraft,
  leftToRefundCents,
  lineField,
  linesLeft,
  shippingRefundable,
  type RefundDraft,
  type RefundMode,
} from '../refund-draft';

/*
 * Manage Order's refunds: a form to refund a paid order (whole, chosen lines and shipping, or an
 * amount) that shows what goes back to the card before it is sent, and the order's refunds with
 * their credit notes, the provider's words for a failed or pending one, and Retry for a pending one.
 */

const modes: ReadonlyArray<{ value: RefundMode; label: string }> = [
  { value: 'whole', label: 'Whole order' },
  { value: 'lines', label: 'Chosen lines' },
  { value: 'amount', label: 'Amount' },
];

/** Said when the provider took the refund but has not confirmed it yet (its webhook settles it). */
export const refundUnderWay = (amount: number) =>
  `The refund of ${formatUsd(amount)} is under way at the payment provider. Its credit note is issued once the provider confirms it.`;

/** What a refund's answer says: the credit note once it succeeded, "under way" while pending. */
function announce(refund: Refund | undefined) {
  if (refund?.status === 'succeeded' && refund.creditNote) {
    toast.success(refundMessages.refunded(refund.amount, refund.creditNote.number));
  } else if (refund) {
    toast.info(refundUnderWay(refund.amount));
  }
}

/** A refused call's toast: no answer leaves a pending refund to retry, anything else failed. */
function announceError(error: unknown, message: string) {
  if (error instanceof ApiError && error.status === 502) toast.warning(message);
  else toast.error(message);
}

/** The server's per-field messages (a 400's `fields`) as the form's field keys. */
function fieldsFromServer(error: unknown, body: RefundRequestInput): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    if (key === 'reason' || key === 'amount') fields[key] = message;
    const line = /^lines\.(\d+)\./.exec(key);
    const sent = line ? body.lines?.[Number(line[1])] : undefined;
    if (sent) fields[lineField(sent.lineNo)] = message;
  }
  return fields;
}

const piecesText = (n: number) => (n === 1 ? '1 piece' : `${n} pieces`);

const checkboxRow = 'flex cursor-pointer items-center gap-2 text-sm';

interface RefundFormProps {
  order: Order;
  id: string;
  onClose: () => void;
}

function RefundForm({ order, id, onClose }: RefundFormProps) {
  const [draft, setDraft] = useState<RefundDraft>(emptyDraft);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const refund = useRefundOrder(order);
  const firstRadio = useRef<HTMLInputElement>(null);
  const fieldIds = useId();
  const fieldId = (key: string) => `${fieldIds}-${key}`;
  const alertId = fieldId('alert');

  useEffect(() => firstRadio.current?.focus(), []);

  const check = checkDraft(order, draft);
  const errors = showErrors ? { ...check.fieldErrors, ...serverErrors } : serverErrors;
  const formError = serverError ?? (showErrors ? check.problem : null);
  const left = leftToRefundCents(order);
  const lines = linesLeft(order);
  const canRestock = draft.mode !== 'amount' && order.status !== 'cancelled';

  const update = (patch: Partial<RefundDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServerErrors({});
    setServerError(null);
  };

  const focusFirstError = (keys: string[]) => {
    const first = [...lines.map((l) => lineField(l.lineNo)), 'amount', 'reason'].find((k) =>
      keys.includes(k),
    );
    document.getElementById(first ? fieldId(first) : alertId)?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refund.isPending) return;
    setShowErrors(true);
    setServerError(null);
    setServerErrors({});
    const body = check.body;
    if (!body) {
      // The alert renders on this submit: focus it (or the first bad field) once it has.
      const keys = Object.keys(check.fieldErrors);
      requestAnimationFrame(() => focusFirstError(keys));
      return;
    }
    const before = new Set(order.refunds.map((r) => r.id));
    refund.mutate(body, {
      onSuccess: (updated) => {
        announce(updated.refunds.find((r) => !before.has(r.id)));
        setDraft(emptyDraft);
        setShowErrors(false);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, 'The refund could not be made. Please try again.');
        const fields = fieldsFromServer(error, body);
        setServerErrors(fields);
        setServerError(Object.keys(fields).length > 0 ? null : message);
        announceError(error, message);
        // No answer: the refund is pending and counts. Retry it from the list, not from here.
        if (error instanceof ApiError && error.status === 502) {
          setDraft(emptyDraft);
          setShowErrors(false);
        }
        requestAnimationFrame(() => focusFirstError(Object.keys(fields)));
      },
    });
  };

  return (
    <form
      id={id}
      noValidate
      aria-label="Refund this order"
      onSubmit={submit}
      className="card mb-4 border border-base-300 bg-base-100"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">What to refund</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {modes.map((mode, index) => (
              <label key={mode.value} className={checkboxRow}>
                <input
                  ref={index === 0 ? firstRadio : undefined}
                  type="radio"
                  name={fieldId('mode')}
                  value={mode.value}
                  className="radio radio-sm radio-primary"
                  checked={draft.mode === mode.value}
                  onChange={() => update({ mode: mode.value })}
                />
                {mode.label}
              </label>
            ))}
          </div>
        </fieldset>

        {draft.mode === 'whole' ? (
          <p className="text-sm text-base-content/85">
            Everything not refunded yet: {piecesText(lines.reduce((n, l) => n + l.left, 0))}
            {shippingRefundable(order) ? ` and the shipping (${formatUsd(order.shipping)})` : ''}.
          </p>
        ) : null}

        {draft.mode === 'lines' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Pieces to refund</legend>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300">
              {lines.map(({ lineNo, line, left: piecesLeft }) => {
                const key = lineField(lineNo);
                const inputId = fieldId(key);
                const error = errors[key];
                return (
                  <li
                    key={lineNo}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3"
                  >
                    <div className="min-w-0 flex-1 basis-48 text-sm">
                      <span className="font-mono font-medium">{line.partNumber}</span>{' '}
                      <span>{line.name}</span>
                      <div id={`${inputId}-hint`} className="text-xs text-base-content/75">
                        {line.quantity} ordered · {formatUsd(line.unitPrice)} each ·{' '}
                        {piecesLeft === 0 ? 'refunded in full' : `${piecesLeft} can be refunded`}
                      </div>
                    </div>
                    {piecesLeft > 0 ? (
                      <div className="flex flex-col items-end gap-1">
                        <div className="flex items-center gap-2">
                          <label htmlFor={inputId} className="text-sm">
                            Quantity<span className="sr-only"> of {line.partNumber} to refund</span>
                          </label>
                          <input
                            id={inputId}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={piecesLeft}
                            step={1}
                            placeholder="0"
                            className={`input input-sm w-20 tabular-nums${error ? ' input-error' : ''}`}
                            value={draft.quantities[lineNo] ?? ''}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
                            onChange={(event) =>
                              update({
                                quantities: { ...draft.quantities, [lineNo]: event.target.value },
                              })
                            }
                          />
                        </div>
                        {error ? (
                          <p id={`${inputId}-error`} className="text-right text-sm text-error">
                            {error}
                          </p>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {shippingRefundable(order) ? (
              <label className={checkboxRow}>
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={draft.shipping}
                  onChange={(event) => update({ shipping: event.target.checked })}
                />
                {chargeTexts.shipping} ({formatUsd(order.shipping)})
              </label>
            ) : null}
          </fieldset>
        ) : null}

        {draft.mode === 'amount' ? (
          <TextField
            id={fieldId('amount')}
            label="Amount in dollars, tax included"
            name="amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            max={centsToDollars(left)}
            className="sm:max-w-48"
            hint={`Up to ${formatCents(left)} can still be refunded.`}
            value={draft.amount}
            error={errors.amount}
            onChange={(event) => update({ amount: event.target.value })}
          />
        ) : null}

        <TextareaField
          id={fieldId('reason')}
          label="Reason"
          name="reason"
          rows={2}
          required
          maxLength={MAX_REFUND_REASON_LENGTH}
          value={draft.reason}
          error={errors.reason}
          hint={`The customer reads it on the credit note. ${draft.reason.length}/${MAX_REFUND_REASON_LENGTH}`}
          onChange={(event) => update({ reason: event.target.value })}
        />

        {canRestock ? (
          <label className={checkboxRow}>
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={draft.restock}
              onChange={(event) => update({ restock: event.target.checked })}
            />
            Put the refunded pieces back in stock
          </label>
        ) : null}

        <div
          className="flex min-h-14 flex-col justify-center rounded-box bg-base-200/60 px-4 py-2 text-sm"
          data-testid="refund-preview"
        >
          {check.figures ? (
            <>
              <p>
                Refund{' '}
                <strong className="tabular-nums" data-testid="refund-preview-total">
                  {formatCents(check.figures.totalCents)}
                </strong>{' '}
                to the card
              </p>
              <p className="text-xs text-base-content/75 tabular-nums">
                {chargeTexts.goods} {formatCents(check.figures.goodsCents)}
                {check.figures.shippingCents > 0
                  ? ` · ${chargeTexts.shipping} ${formatCents(check.figures.shippingCents)}`
                  : ''}
                {order.taxRate > 0
                  ? ` · ${chargeTexts.tax(order.taxRate)} ${formatCents(check.figures.taxCents)}`
                  : ''}
              </p>
            </>
          ) : (
            <p className="text-base-content/75">
              What goes back to the card shows here once you choose what to refund.
            </p>
          )}
        </div>

        {formError ? (
          <div id={alertId} role="alert" tabIndex={-1} className="alert alert-soft alert-error">
            <span>{formError}</span>
          </div>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={refund.isPending}>
            {refund.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {check.figures ? `Refund ${formatCents(check.figures.totalCents)}` : 'Refund'}
          </button>
        </div>
      </div>
    </form>
  );
}

const statusLabels: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

const statusTone: Record<RefundStatus, string> = {
  pending: 'badge-warning',
  succeeded: 'badge-success',
  failed: 'badge-error',
};

/** "VF-DM200 × 1, shipping · back in stock", or "An amount". */
function whatWasRefunded(refund: Refund, order: Order): string {
  const parts = refund.lines.map(
    (l) => `${order.lines[l.lineNo - 1]?.partNumber ?? `Line ${l.lineNo}`} × ${l.quantity}`,
  );
  if (refund.shipping) parts.push(parts.length ? 'shipping' : 'Shipping');
  const what = parts.length ? parts.join(', ') : 'An amount';
  return refund.restock ? `${what} · back in stock` : what;
}

const timeFormat = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'local');

function RefundList({ order }: { order: Order }) {
  const retry = useRetryRefund(order);
  const [retryError, setRetryError] = useState<{ id: string; message: string } | null>(null);

  if (order.refunds.length === 0) {
    return <p className="text-sm text-base-content/75">No refunds yet.</p>;
  }

  const retryRefund = (refund: Refund) => {
    if (retry.isPending) return;
    setRetryError(null);
    retry.mutate(refund.id, {
      onSuccess: (updated) => announce(updated.refunds.find((r) => r.id === refund.id)),
      onError: (error) => {
        const message = errorMessage(error, 'The refund could not be retried. Please try again.');
        setRetryError({ id: refund.id, message });
        announceError(error, message);
      },
    });
  };

  return (
    <ul
      aria-label="Refunds of this order"
      className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
    >
      {order.refunds.map((refund) => (
        <li key={refund.id} data-refund-id={refund.id} className="flex flex-col gap-1 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold tabular-nums">{formatUsd(refund.amount)}</span>
            <span className={`badge badge-sm whitespace-nowrap ${statusTone[refund.status]}`}>
              {statusLabels[refund.status]}
            </span>
          </div>
          <p className="text-sm text-base-content/75">
            <time dateTime={refund.createdAt}>{timeFormat.format(new Date(refund.createdAt))}</time>{' '}
            · {whatWasRefunded(refund, order)}
          </p>
          <p className="text-sm [overflow-wrap:anywhere]">
            <span className="text-base-content/75">Reason:</span> {refund.reason}
          </p>
          {refund.error && refund.status !== 'succeeded' ? (
            <p
              className={`text-sm [overflow-wrap:anywhere] ${refund.status === 'failed' ? 'text-error' : ''}`}
            >
              {refund.status === 'failed' ? 'The provider refused it: ' : ''}
              {refund.error}
            </p>
          ) : null}
          {retryError?.id === refund.id ? (
            <p role="alert" className="text-sm text-error [overflow-wrap:anywhere]">
              {retryError.message}
            </p>
          ) : null}
          {refund.creditNote || refund.status === 'pending' ? (
            <div className="mt-1 flex flex-wrap items-center gap-3">
              {refund.creditNote ? (
                <CreditNoteLink
                  order={order}
                  number={refund.creditNote.number}
                  className="link link-primary text-sm"
                />
              ) : null}
              {refund.status === 'pending' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={retry.isPending}
                  aria-label={`Retry the refund of ${formatUsd(refund.amount)}`}
                  onClick={() => retryRefund(refund)}
                >
                  {retry.isPending && retry.variables === refund.id ? (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  ) : null}
                  Retry
                </button>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Refunds section of Manage Order: for a paid order not refunded in full, a button that opens
 * the refund form; then the order's refunds. Nothing for an order that was never paid.
 */
export function RefundsSection({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  if (!order.invoice && order.refunds.length === 0) return null;
  const left = leftToRefundCents(order);
  // Refunds go back to a card; an order on account is cancelled instead, releasing its credit.
  const onAccount = order.paymentMethod === 'account';
  const refundable = order.invoice !== null && left > 0 && !onAccount;
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const pending = order.refunds.some((r) => r.status === 'pending');

  return (
    <section aria-labelledby="refunds-heading" className="mt-8 max-w-3xl">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="refunds-heading" className="text-lg font-semibold">
            Refunds
          </h3>
          <p className="text-sm text-base-content/75" data-testid="refund-left">
            {onAccount
              ? creditMessages.cannotRefundOnAccount
              : refundable
                ? `${formatCents(left)} of ${formatUsd(order.total)} can still be refunded.`
                : pending
                  ? 'Nothing more can be refunded while the pending refund holds the rest.'
                  : order.invoice
                    ? 'Refunded in full.'
                    : 'This order was never paid.'}
          </p>
        </div>
        {refundable ? (
          <button
            ref={toggle}
            type="button"
            className="btn btn-sm btn-outline"
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            Make a refund
          </button>
        ) : null}
      </div>
      {refundable && open ? <RefundForm order={order} id={formId} onClose={close} /> : null}
      <RefundList order={order} />
    </section>
  );
}
