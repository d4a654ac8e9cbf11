import { creditMessages, termsLabel } from '@voltforge/contract/credit-rules';
import { formatUsd } from '@voltforge/contract/money';
import type { PaymentMethod } from '@voltforge/contract/order-rules';
import { MAX_PO_NUMBER_LENGTH } from '@voltforge/contract/po-number';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutFieldValues } from '../../lib/forms/delivery-schema';
import { TextField } from '../ui/text-field';

/**
 * Who an order is made out to, as checkout and a quote's acceptance ask it: the buyer's PO
 * number (required where their company asks for one) and the company and VAT / tax id.
 */
export function BillToFields({
  register,
  errors,
  poRequired,
}: {
  register: UseFormRegister<CheckoutFieldValues>;
  errors: FieldErrors<CheckoutFieldValues>;
  poRequired: boolean;
}) {
  return (
    <>
      <TextField
        label={poRequired ? 'PO number' : 'PO number (optional)'}
        autoComplete="off"
        maxLength={MAX_PO_NUMBER_LENGTH}
        required={poRequired}
        hint={
          poRequired
            ? 'Your company asks for one on every order; it goes on the invoice.'
            : 'Your purchase-order reference: it goes on the invoice.'
        }
        error={errors.poNumber?.message}
        {...register('poNumber')}
      />
      <TextField
        label="Company (optional)"
        autoComplete="organization"
        error={errors.company?.message}
        {...register('company')}
      />
      <TextField
        label="VAT / tax id (optional)"
        autoComplete="off"
        error={errors.taxId?.message}
        {...register('taxId')}
      />
    </>
  );
}

/** How a company member pays: on invoice, on the company's terms and credit, or by card. */
export function PaymentChoice({
  account,
  value,
  onChange,
}: {
  account: { termsDays: number; available: number };
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Payment</legend>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="paymentMethod"
          className="radio radio-sm mt-0.5"
          checked={value === 'account'}
          onChange={() => onChange('account')}
        />
        <span>
          {creditMessages.payOnInvoice}
          <span className="block text-sm text-base-content/75">
            {termsLabel(account.termsDays)}: {formatUsd(account.available)} of credit available
          </span>
        </span>
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="paymentMethod"
          className="radio radio-sm"
          checked={value === 'card'}
          onChange={() => onChange('card')}
        />
        {creditMessages.payByCard}
      </label>
    </fieldset>
  );
}
