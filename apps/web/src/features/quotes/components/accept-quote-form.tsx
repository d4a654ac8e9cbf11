import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import type { PaymentMethod } from '@voltforge/contract/order-rules';
import type { Quote } from '@voltforge/contract/quote';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BillToFields, PaymentChoice } from '../../../components/order/bill-to-fields';
import { DeliveryFields } from '../../../components/order/delivery-fields';
import type { CheckoutFieldValues } from '../../../lib/forms/delivery-schema';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { zodChecks } from '../../../lib/forms/lazy-resolver';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { useAcceptQuote } from '../api/quote-actions';
import { chargesOf } from './quote-parts';

const checks = zodChecks(() =>
  import('../../../lib/forms/delivery-schema').then((m) => m.checkoutFieldsSchema),
);
const FORM_FIELDS = ['phone', 'address', 'poNumber', 'company', 'taxId'] as const;

interface AcceptQuoteFormProps {
  quote: Quote;
  defaults: CheckoutFieldValues;
  poRequired: boolean;
  account: { termsDays: number; available: number } | null;
}

/**
 * Accepting the latest revision: an offer per line (or none), the total the contract's
 * `quoteCharges` gives for that choice, where to deliver and how to pay. The total goes with the
 * request; the server places the order only at it.
 */
export function AcceptQuoteForm({ quote, defaults, poRequired, account }: AcceptQuoteFormProps) {
  const revision = quote.revisions.at(-1)!;
  const navigate = useNavigate();
  const accept = useAcceptQuote(quote.id);
  const sending = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(account ? 'account' : 'card');
  // The first offer of every line offered, to start with; 0 = do not order the line.
  const [choice, setChoice] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      quote.lines.map((l) => [
        l.lineNo,
        revision.offers.some((o) => o.lineNo === l.lineNo) ? 1 : 0,
      ]),
    ),
  );
  const chosen = revision.offers.filter((o) => choice[o.lineNo] === o.offerNo);
  const charges = chargesOf(revision, chosen);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CheckoutFieldValues>({
    resolver: checks.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: defaults,
  });

  const send = (fields: CheckoutFieldValues) => {
    if (sending.current || chosen.length === 0) return;
    sending.current = true;
    setRefusal(null);
    accept.mutate(
      {
        ...fields,
        revision: revision.revision,
        choices: chosen.map((o) => ({ lineNo: o.lineNo, offerNo: o.offerNo })),
        expectedTotal: charges.total,
        ...(account ? { paymentMethod } : {}),
      },
      {
        onSuccess: (order) => {
          toast.success(`Quote accepted: order ${order.number} placed.`);
          void navigate(order.status === 'on_account' ? paths.myOrder : paths.payment(order._id));
        },
        onError: (error) => {
          sending.current = false;
          if (!applyFieldErrors(error, setError, FORM_FIELDS)) setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Accept the quote"
      onFocus={checks.preload}
      onSubmit={(event) => void handleSubmit(send)(event)}
      className="flex flex-col gap-4"
    >
      {quote.lines.map((line) => {
        const offers = revision.offers.filter((o) => o.lineNo === line.lineNo);
        if (offers.length === 0) return null;
        return (
          <fieldset key={line.lineNo} className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">
              Line {line.lineNo}: {line.partNumber ?? line.partText}
            </legend>
            {offers.map((o) => (
              <label key={o.offerNo} className="flex items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={`line-${line.lineNo}`}
                  checked={choice[line.lineNo] === o.offerNo}
                  onChange={() => setChoice((c) => ({ ...c, [line.lineNo]: o.offerNo }))}
                />
                <span className="tabular-nums">
                  {formatCount(o.quantity)} × {o.partNumber} at {formatUsd(o.unitPrice)} ={' '}
                  {formatUsd(o.lineTotal)}
                </span>
              </label>
            ))}
            <label className="flex items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name={`line-${line.lineNo}`}
                checked={choice[line.lineNo] === 0}
                onChange={() => setChoice((c) => ({ ...c, [line.lineNo]: 0 }))}
              />
              Do not order this line
            </label>
          </fieldset>
        );
      })}
      <dl className="grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 tabular-nums" aria-label="Total">
        <dt>Goods</dt>
        <dd className="text-right">{formatUsd(charges.goods)}</dd>
        <dt>Freight</dt>
        <dd className="text-right">{formatUsd(charges.freight)}</dd>
        <dt>Tax ({revision.taxRate} %)</dt>
        <dd className="text-right">{formatUsd(charges.tax)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatUsd(charges.total)}</dd>
      </dl>
      <DeliveryFields
        phone={register('phone')}
        address={register('address')}
        errors={{ phone: errors.phone?.message, address: errors.address?.message }}
        multiline
      />
      <BillToFields register={register} errors={errors} poRequired={poRequired} />
      {account ? (
        <PaymentChoice account={account} value={paymentMethod} onChange={setPaymentMethod} />
      ) : null}
      {refusal ? (
        <p role="alert" className="font-medium text-error">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={chosen.length === 0 || accept.isPending || accept.isSuccess}
      >
        Accept and place the order ({formatUsd(charges.total)})
      </button>
    </form>
  );
}
