import type { SavedAddress } from '@voltforge/contract/address-book';
import type { Cart } from '@voltforge/contract/cart';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { approvalMessages } from '@voltforge/contract/approval-rules';
import { formatUsd } from '@voltforge/contract/money';
import type { PaymentMethod, ShippingMode } from '@voltforge/contract/order-rules';
import { ShippingChoice } from './shipping-choice';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BillToFields, PaymentChoice } from '../../../components/order/bill-to-fields';
import { DeliveryFields } from '../../../components/order/delivery-fields';
import { ApiError } from '../../../lib/api/api-client';
import type { CheckoutFieldValues } from '../../../lib/forms/delivery-schema';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { deliveryTo } from '../../../lib/api/use-saved-delivery';
import { zodChecks } from '../../../lib/forms/lazy-resolver';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/page/toast';
import { isOrder, useCheckout } from '../api/checkout';

const checks = zodChecks(() =>
  import('../../../lib/forms/delivery-schema').then((m) => m.checkoutFieldsSchema),
);
type FormValues = CheckoutFieldValues;

/** The form's own fields: a refusal naming one of them is shown under it. */
const FORM_FIELDS = ['phone', 'address', 'poNumber', 'company', 'taxId'] as const;

interface CheckoutFormProps {
  cart: Cart;
  /** The buyer's address books (their own, their company's), to deliver to one of them. */
  books: ReadonlyArray<{ label: string; addresses: readonly SavedAddress[] }>;
  /** The address chosen first (or ''). */
  firstAddress: string;
  /** The buyer's company asks for a PO number on every order. */
  poRequired?: boolean;
  /** The buyer's company's terms and credit left, when it may pay on invoice. */
  account?: { termsDays: number; available: number } | null;
  /** From the buyer's profile (phone, address, company, tax id), to start from. */
  defaults: FormValues;
  /** A refused checkout names the short lines (tool id → the server's words); {} clears them. */
  onShortages: (shortages: Record<string, string>) => void;
}

/**
 * Checkout for a signed-in buyer: where to deliver, and the total they see (goods, shipping and
 * tax) sent along, so the server refuses if its own total differs. One press sends one request.
 */
export function CheckoutForm({
  cart,
  defaults,
  books,
  firstAddress,
  poRequired = false,
  account = null,
  onShortages,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sentForApproval, setSentForApproval] = useState<string | null>(null);
  // A company with terms pays on invoice unless the buyer picks the card.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(account ? 'account' : 'card');
  // Back-ordered pieces ship with the rest unless the buyer asks for them as they arrive.
  const [shippingMode, setShippingMode] = useState<ShippingMode>('complete');
  const asAvailable = cart.asAvailable ?? null;
  const mode = asAvailable ? shippingMode : 'complete';
  // Set synchronously on the first accepted submit, so a double click cannot send twice.
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: checks.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: defaults,
  });
  const blocked = !cart.ready || cart.lines.length === 0;

  const send = ({ phone, address, poNumber, company, taxId }: FormValues) => {
    if (sending.current || blocked) return;
    sending.current = true;
    setRefusal(null);
    setSentForApproval(null);
    onShortages({});
    checkout.mutate(
      {
        phone,
        address,
        poNumber,
        company,
        taxId,
        expectedTotal: mode === 'as_available' && asAvailable ? asAvailable.total : cart.total,
        ...(account ? { paymentMethod } : {}),
        ...(asAvailable ? { shippingMode: mode } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!isOrder(answer)) {
            sending.current = false;
            toast.success(approvalMessages.sent);
            setSentForApproval(approvalMessages.sentDetail(formatUsd(answer.total)));
            return;
          }
          toast.success(
            answer.status === 'on_account'
              ? checkoutMessages.placedOnAccount
              : checkoutMessages.placed,
          );
          void navigate(paths.payment(answer._id));
        },
        onError: (error) => {
          sending.current = false;
          // A refusal about the lines (409, or 400 for a quantity the rules refuse) names them
          // by tool id; one about the form names its fields.
          const lineFields =
            error instanceof ApiError &&
            !FORM_FIELDS.some((field) => error.fields?.[field] !== undefined);
          if (lineFields && (error.status === 409 || error.status === 400)) {
            onShortages(error.fields ?? {});
            setRefusal(error.message);
            return;
          }
          if (!applyFieldErrors(error, setError, FORM_FIELDS)) setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Checkout"
      onFocus={checks.preload}
      onSubmit={(event) => void handleSubmit(send)(event)}
      className="flex flex-col gap-4"
    >
      {books.length > 0 ? (
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Deliver to</span>
          <select
            className="select w-full"
            defaultValue={firstAddress}
            onChange={(event) => {
              const entry = books
                .flatMap((b) => b.addresses)
                .find((a) => a.id === event.target.value);
              if (!entry) return;
              const { phone, address } = deliveryTo(entry);
              setValue('phone', phone, { shouldValidate: true });
              setValue('address', address, { shouldValidate: true });
            }}
          >
            {books.map((book) => (
              <optgroup key={book.label} label={book.label}>
                {book.addresses.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}: {entry.recipient}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value="">Another address (type it below)</option>
          </select>
        </label>
      ) : null}
      <DeliveryFields
        phone={register('phone')}
        address={register('address')}
        errors={{ phone: errors.phone?.message, address: errors.address?.message }}
        multiline
      />
      <BillToFields register={register} errors={errors} poRequired={poRequired} />
      {asAvailable ? (
        <ShippingChoice
          value={mode}
          onChange={setShippingMode}
          completeTotal={cart.total}
          asAvailable={asAvailable}
        />
      ) : null}
      {account ? (
        <PaymentChoice account={account} value={paymentMethod} onChange={setPaymentMethod} />
      ) : null}
      {sentForApproval ? (
        <p role="status" className="rounded-box border border-info/40 bg-info/10 p-3 text-sm">
          {sentForApproval}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="font-medium text-error">
          {refusal}
        </p>
      ) : null}
      {!cart.ready && !refusal ? (
        <p className="text-sm text-error">{checkoutMessages.notReady}</p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={blocked || checkout.isPending || checkout.isSuccess}
      >
        {checkout.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        Checkout
      </button>
    </form>
  );
}
