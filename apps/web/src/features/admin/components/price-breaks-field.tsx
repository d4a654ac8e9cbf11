import type { ToolInput } from '@voltforge/contract/admin';
import { MAX_PRICE_BREAKS } from '@voltforge/contract/pricing';
import { useId } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';

interface PriceBreaksFieldProps {
  control: Control<ToolInput>;
  register: UseFormRegister<ToolInput>;
  errors: FieldErrors<ToolInput>;
}

const numberOptions = { valueAsNumber: true } as const;

/**
 * The tool's price breaks: from a quantity on, a lower unit price. The first row of the table a
 * buyer sees is the minimum order quantity at the base price, so only the rows beyond it are
 * edited here; the contract's `pricingProblem` names a break that does not rise or fall.
 */
export function PriceBreaksField({ control, register, errors }: PriceBreaksFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const legendId = useId();
  const problem = errors.priceBreaks?.root?.message ?? errors.priceBreaks?.message;
  const problemId = `${legendId}-problem`;
  return (
    <fieldset
      className="fieldset rounded-box border border-base-300 p-4"
      aria-describedby={problem ? problemId : undefined}
    >
      <legend id={legendId} className="fieldset-legend text-sm">
        Price breaks
      </legend>
      <p className="text-sm text-base-content/80">
        Lower unit prices from a quantity on. Quantities rise and prices fall from one break to the
        next; the minimum order quantity at the base price comes first.
      </p>
      {fields.map((field, index) => {
        const rowErrors = errors.priceBreaks?.[index];
        return (
          <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
            <TextField
              label={`Break ${index + 1}: from quantity`}
              type="number"
              inputMode="numeric"
              min={2}
              step={1}
              error={rowErrors?.quantity?.message}
              {...register(`priceBreaks.${index}.quantity`, numberOptions)}
            />
            <TextField
              label={`Break ${index + 1}: price (USD per unit)`}
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              error={rowErrors?.price?.message}
              {...register(`priceBreaks.${index}.price`, numberOptions)}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-6"
              aria-label={`Remove break ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </div>
        );
      })}
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={fields.length >= MAX_PRICE_BREAKS}
          onClick={() => append({ quantity: Number.NaN, price: Number.NaN })}
        >
          Add price break
        </button>
      </div>
    </fieldset>
  );
}
