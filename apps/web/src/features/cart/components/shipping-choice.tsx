import { shippingModeLabels } from '@voltforge/contract/back-order';
import type { Cart } from '@voltforge/contract/cart';
import { formatUsd } from '@voltforge/contract/money';
import type { ShippingMode } from '@voltforge/contract/order-rules';

interface ShippingChoiceProps {
  value: ShippingMode;
  onChange: (mode: ShippingMode) => void;
  /** The total shipping complete (the cart's). */
  completeTotal: number;
  /** The charges shipping as available, and the rule for later shipments. */
  asAvailable: NonNullable<Cart['asAvailable']>;
}

/**
 * How back-ordered pieces ship (docs/payments.md, "Back-orders"): all together once everything is
 * there, or what is in stock now and the rest as it arrives, with the rule for the later
 * shipments and each choice's total said before the buyer commits.
 */
export function ShippingChoice({
  value,
  onChange,
  completeTotal,
  asAvailable,
}: ShippingChoiceProps) {
  const later = asAvailable.laterShipments;
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">
        Some items are back-ordered: how should they ship?
      </legend>
      <label className="flex cursor-pointer items-start gap-2">
        <input
          type="radio"
          name="shippingMode"
          className="radio radio-sm mt-0.5"
          checked={value === 'complete'}
          onChange={() => onChange('complete')}
        />
        <span>
          <span className="font-medium">{shippingModeLabels.complete}</span>
          <span className="block text-sm text-base-content/80">
            One shipment when everything is here. Total {formatUsd(completeTotal)}.
          </span>
        </span>
      </label>
      <label className="flex cursor-pointer items-start gap-2">
        <input
          type="radio"
          name="shippingMode"
          className="radio radio-sm mt-0.5"
          checked={value === 'as_available'}
          onChange={() => onChange('as_available')}
        />
        <span>
          <span className="font-medium">{shippingModeLabels.as_available}</span>
          <span className="block text-sm text-base-content/80">
            What is in stock ships now, the rest as it arrives ({later}{' '}
            {later === 1 ? 'later shipment' : 'later shipments'}). {asAvailable.rule} Total{' '}
            {formatUsd(asAvailable.total)}.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
