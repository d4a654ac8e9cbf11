import { zodResolver } from '@hookform/resolvers/zod';
import {
  toolInputSchema,
  type ToolInput,
  type ToolInputBody,
  type ToolPatch,
} from '@voltforge/contract/admin';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { PriceBreaksField } from './price-breaks-field';

export const emptyTool: ToolInput = {
  partNumber: '',
  lowStockThreshold: null,
  name: '',
  inStock: Number.NaN,
  minOrderQuantity: Number.NaN,
  orderMultiple: 1,
  price: Number.NaN,
  priceBreaks: [],
  desc: '',
  img: '',
  category: '',
};

export function toolToInput(tool: AdminTool): ToolInput {
  return {
    partNumber: tool.partNumber,
    lowStockThreshold: tool.customLowStockThreshold,
    name: tool.name,
    inStock: tool.inStock,
    minOrderQuantity: tool.minOrderQuantity,
    orderMultiple: tool.orderMultiple,
    price: tool.price,
    priceBreaks: tool.priceBreaks.map((b) => ({ quantity: b.quantity, price: b.price })),
    desc: tool.desc,
    img: tool.img,
    category: tool.category,
  };
}

/**
 * Only what the admin changed. A changed stock goes with the stock the form was loaded with
 * (`expectedInStock`): the server applies it only if no order or restock moved the stock since,
 * and otherwise answers 409 instead of overwriting them with this form's stale number.
 */
export function changedFields(
  values: ToolInputBody,
  dirty: Partial<FieldNamesMarkedBoolean<ToolInput>>,
  loaded: ToolInput,
): ToolPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof ToolInputBody)[]) {
    if (dirty[key]) patch[key] = values[key];
  }
  // A removed break leaves no dirty mark behind: the breaks go whenever they differ.
  if (JSON.stringify(values.priceBreaks ?? []) !== JSON.stringify(loaded.priceBreaks ?? [])) {
    patch.priceBreaks = values.priceBreaks;
  } else delete patch.priceBreaks;
  if ('inStock' in patch) patch.expectedInStock = loaded.inStock;
  return patch;
}

interface ToolFormProps {
  defaultValues: ToolInput;
  submitLabel: string;
  categories: string[];
  /**
   * Resolves true when saved; the form then starts again from `resetTo`. `loaded` is what the
   * form started from, whatever the page has refetched since.
   */
  onSubmit: (
    values: ToolInputBody,
    dirty: Partial<FieldNamesMarkedBoolean<ToolInput>>,
    loaded: ToolInput,
  ) => Promise<{ saved: boolean; fields?: Record<string, string> }>;
  resetTo?: ToolInput;
}

const numberOptions = { valueAsNumber: true } as const;
// An empty threshold means "the default", which the server takes as null.
const thresholdOptions = {
  setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
} as const;

/** Add Products: the fields of a tool, checked with the server's own rules. */
export function ToolForm({
  defaultValues,
  submitLabel,
  categories,
  onSubmit,
  resetTo,
}: ToolFormProps) {
  const listId = useId();
  // The values the form was filled with: the props follow refetches, the fields do not.
  const [loaded, setLoaded] = useState(defaultValues);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ToolInput, unknown, ToolInputBody>({
    resolver: zodResolver(toolInputSchema),
    defaultValues,
  });
  const img = useWatch({ control, name: 'img' });
  const previewable = toolInputSchema.shape.img.safeParse(img).success;

  const submit = handleSubmit(async (values) => {
    const result = await onSubmit(values, dirtyFields, loaded);
    if (result.saved) {
      const next = resetTo ?? values;
      setLoaded(next);
      reset(next);
      return;
    }
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      if (field in defaultValues) setError(field as keyof ToolInput, { message });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid max-w-3xl gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
      <TextField
        label="Part number"
        autoComplete="off"
        placeholder="VF-DM200"
        error={errors.partNumber?.message}
        {...register('partNumber')}
      />
      <TextField
        label="Low-stock threshold (empty: twice the minimum order)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.lowStockThreshold?.message}
        {...register('lowStockThreshold', thresholdOptions)}
      />
      <TextField
        label="Available quantity (inStock)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.inStock?.message}
        {...register('inStock', numberOptions)}
      />
      <TextField
        label="Minimum order quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.minOrderQuantity?.message}
        {...register('minOrderQuantity', numberOptions)}
      />
      <TextField
        label="Price (USD per unit)"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errors.price?.message}
        {...register('price', numberOptions)}
      />
      <TextField
        label="Order multiple (pcs.; 1 for any quantity)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.orderMultiple?.message}
        {...register('orderMultiple', numberOptions)}
      />
      <div className="sm:col-span-2">
        <PriceBreaksField control={control} register={register} errors={errors} />
      </div>
      <TextField
        label="Category"
        list={listId}
        autoComplete="off"
        error={errors.category?.message}
        {...register('category')}
      />
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <div className="sm:col-span-2">
        <TextareaField
          label="Description"
          rows={4}
          error={errors.desc?.message}
          {...register('desc')}
        />
      </div>
      <div className="flex items-end gap-4 sm:col-span-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Photo URL"
            type="url"
            placeholder="https://…"
            error={errors.img?.message}
            {...register('img')}
          />
        </div>
        {previewable ? (
          <img
            src={img}
            alt=""
            width={64}
            height={48}
            className="h-12 w-16 shrink-0 rounded border border-base-300 object-cover"
          />
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
