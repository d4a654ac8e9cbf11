import { chargeTexts, orderCharges } from '@voltforge/contract/charges';
import { formatUsd, formatCents } from '@voltforge/contract/money';
import { orderMessages } from '@voltforge/contract/order-rules';
import { mostOrderable } from '@voltforge/contract/quantity-rules';
import { isSoldOut, pricingOf } from '@voltforge/contract/pricing';
import type { Tool } from '@voltforge/contract/tool';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { TextField } from '../../../components/ui/text-field';
import { DeliveryFields } from '../../../components/order/delivery-fields';
import type { ToolOrderValues } from '../../../lib/forms/delivery-schema';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { zodChecks } from '../../../lib/forms/lazy-resolver';
import { usePlaceOrder } from '../api/place-order';
import { checkQuantity, liveLine } from '../../../lib/forms/quantity-check';
import { useShopTerms } from '../../../lib/api/get-shop-terms';

// The quantity is checked by quantity-check.ts (toasts, button state), not by the resolver.
const checks = zodChecks(() =>
  import('../../../lib/forms/delivery-schema').then((m) => m.toolOrderSchema),
);
type FormValues = ToolOrderValues;

/** One figure beside the quantity: its name above, its value under it. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 px-3 py-2">
      <dt className="text-base-content/70">{label}</dt>
      {children}
    </div>
  );
}

interface OrderFormProps {
  tool: Tool;
  customer: { name: string; email: string };
  /** The phone and address to start from (the buyer's default address, else the profile's). */
  delivery?: { phone: string; address: string };
}

export function OrderForm({ tool, customer, delivery }: OrderFormProps) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const quantityHintId = useId();
  const min = tool.minOrderQuantity;
  const max = mostOrderable(tool);
  const soldOut = isSoldOut(tool);
  const rules = { min, max, multiple: tool.orderMultiple };
  const pricing = pricingOf(tool);
  // Set synchronously on the first accepted submit, so a double click cannot send twice.
  const sending = useRef(false);
  // After a refused quantity the button stays disabled until the typed quantity is valid again;
  // the next refusal then toasts again.
  const [quantityRefused, setQuantityRefused] = useState(false);

  const {
    register,
    handleSubmit,
    control,
    trigger,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: checks.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { quantity: '', phone: delivery?.phone ?? '', address: delivery?.address ?? '' },
  });

  const quantityText = useWatch({ control, name: 'quantity' });
  const check = checkQuantity(quantityText, rules);
  const blocked = quantityRefused && !check.ok;
  // The spec's Price field keeps the base unit price; the total is at the quantity's break.
  const line = liveLine(quantityText, pricing);
  // What the order would be charged: the goods above plus shipping and tax, by the shop's terms
  // (the server computes the same when the order is placed).
  const terms = useShopTerms().data;
  const charges = line !== null && terms ? orderCharges(line.totalCents, terms) : null;
  const untilFree = charges && terms ? chargeTexts.untilFree(charges.goodsCents, terms) : null;

  const send = ({ phone, address }: FormValues) => {
    if (sending.current || !check.ok) return;
    sending.current = true;
    placeOrder.mutate(
      { toolId: tool._id, quantity: check.quantity, phone, address },
      {
        onSuccess: () => {
          toast.success(orderMessages.added);
          void navigate(paths.myOrder);
        },
        onError: (error) => {
          sending.current = false;
          applyFieldErrors(error, setError, ['phone', 'address']);
          toast.error(error.message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check.ok) {
      event.preventDefault();
      setQuantityRefused(true);
      toast.error(check.message, { toastId: check.message });
      void trigger(['phone', 'address']);
      return;
    }
    void handleSubmit(send)(event);
  };

  return (
    <form
      noValidate
      onFocus={checks.preload}
      onSubmit={onSubmit}
      aria-label="Order form"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 className="card-title text-xl">Your order</h2>
        {/* Two columns on a phone too: the read-only fields stay short, the quantity near the top. */}
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Name" name="name" value={customer.name} readOnly />
          <TextField label="Email" name="email" type="email" value={customer.email} readOnly />
          <TextField label="Order" name="order" value={tool.name} readOnly />
          <TextField label="Price" name="price" value={formatUsd(tool.price)} readOnly />
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="sm:w-48">
            <TextField
              label="Quantity"
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={tool.orderMultiple}
              required
              placeholder={String(min)}
              disabled={soldOut}
              // While refused, the field's own error message describes it instead.
              {...(blocked ? {} : { 'aria-describedby': quantityHintId })}
              error={blocked && !check.ok ? check.message : undefined}
              {...register('quantity', {
                onChange: (event: ChangeEvent<HTMLInputElement>) => {
                  if (checkQuantity(event.target.value, rules).ok) setQuantityRefused(false);
                },
              })}
            />
          </div>
          <div className="flex flex-1 flex-col gap-2 text-sm sm:mt-6">
            <dl id={quantityHintId} className="grid grid-cols-3 gap-2">
              <Figure label="Minimum Order">
                <dd className="font-semibold">{min} pcs.</dd>
              </Figure>
              <Figure label="Maximum Order">
                <dd className="font-semibold">{max} pcs.</dd>
              </Figure>
              {/* The spec's live total: unit price × quantity, the goods alone. */}
              <Figure label="Goods total">
                <dd className="font-semibold" data-testid="order-goods">
                  {line === null ? '—' : formatCents(line.totalCents)}
                </dd>
                {line !== null && line.savingCents > 0 ? (
                  <dd className="text-xs text-base-content/80" data-testid="order-saving">
                    {formatCents(line.unitPriceCents)} each, you save{' '}
                    {formatCents(line.savingCents)}
                  </dd>
                ) : null}
              </Figure>
            </dl>
            <dl className="grid grid-cols-3 gap-2">
              <Figure label={chargeTexts.shipping}>
                <dd className="font-semibold" data-testid="order-shipping">
                  {charges === null
                    ? '—'
                    : charges.shippingCents === 0
                      ? chargeTexts.free
                      : formatCents(charges.shippingCents)}
                </dd>
              </Figure>
              {terms && terms.taxRateBasisPoints > 0 ? (
                <Figure label={chargeTexts.tax(terms.taxRateBasisPoints / 100)}>
                  <dd className="font-semibold" data-testid="order-tax">
                    {charges === null ? '—' : formatCents(charges.taxCents)}
                  </dd>
                </Figure>
              ) : null}
              <Figure label={chargeTexts.total}>
                <dd className="font-bold" data-testid="order-total">
                  {charges === null ? '—' : formatCents(charges.totalCents)}
                </dd>
              </Figure>
            </dl>
            {untilFree ? (
              <p className="text-xs text-base-content/80" data-testid="order-until-free">
                {untilFree}
              </p>
            ) : null}
          </div>
        </div>

        <DeliveryFields
          phone={register('phone')}
          address={register('address')}
          errors={{ phone: errors.phone?.message, address: errors.address?.message }}
          // A saved address has several lines, which a one-line field would run together.
          multiline={delivery?.address.includes('\n') ?? false}
        />

        {soldOut ? (
          <p role="status" className="font-medium text-error">
            {tool.inStock === 0
              ? orderMessages.soldOut
              : orderMessages.belowMinimum(tool.inStock, min)}
          </p>
        ) : null}

        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto sm:self-end"
          disabled={soldOut || blocked || placeOrder.isPending || placeOrder.isSuccess}
        >
          {placeOrder.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Confirm Orders
        </button>
      </div>
    </form>
  );
}
