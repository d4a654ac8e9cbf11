import { zodResolver } from '@hookform/resolvers/zod';
import {
  clashingCategory,
  toolFieldMessages,
  toolInputSchema,
  type ToolInput,
  type ToolInputBody,
  type ToolPatch,
} from '@voltforge/contract/admin';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import {
  MAX_TOOL_IMAGE_BYTES,
  toolImageAt,
  toolImageMessages,
} from '@voltforge/contract/tool-image-rules';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { imageLoads } from '../../../lib/page/load-image';
import { useDebouncedValue } from '../use-debounced-value';
import { useUploadToolImage } from '../api/upload-tool-image';
import { PhotoUploadField, type PhotoUpload } from './photo-upload-field';
import { PriceBreaksField } from './price-breaks-field';

/**
 * The Category list's choice that opens the field for a new category. No category can have this
 * value: the contract trims them, so none starts with a space.
 */
const NEW_CATEGORY = ' new';

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
  const categoryId = useId();
  const categoryErrorId = `${categoryId}-error`;
  // The values the form was filled with: the props follow refetches, the fields do not.
  const [loaded, setLoaded] = useState(defaultValues);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted, dirtyFields },
  } = useForm<ToolInput, unknown, ToolInputBody>({
    resolver: zodResolver(toolInputSchema),
    defaultValues,
  });
  const img = useWatch({ control, name: 'img' });
  const category = useWatch({ control, name: 'category' });
  // Categories are chosen from the list; a new one only through "New category…", on purpose.
  const [newCategory, setNewCategory] = useState(false);
  // The existing category a typed one duplicates, offered with a button.
  const [offered, setOffered] = useState<string | null>(null);
  const choices =
    category && !newCategory && !categories.includes(category)
      ? [...categories, category].sort()
      : categories;

  const chooseCategory = (value: string) => {
    setOffered(null);
    clearErrors('category');
    const isNew = value === NEW_CATEGORY;
    setNewCategory(isNew);
    setValue('category', isNew ? '' : value, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  // The picture as the admin's browser loads it: shown when it loads, named when it does not.
  const typedImg = useDebouncedValue(img.trim(), 400);
  const [picture, setPicture] = useState<{ src: string; ok: boolean } | null>(null);
  const shapeOk = toolInputSchema.shape.img.safeParse(typedImg).success;
  useEffect(() => {
    if (!shapeOk) return;
    let current = true;
    void imageLoads(typedImg).then((ok) => {
      if (current) setPicture({ src: typedImg, ok });
    });
    return () => {
      current = false;
    };
  }, [typedImg, shapeOk]);
  // Only for what the field holds now, not a picture typed over.
  const shown = shapeOk && picture?.src === img.trim() ? picture : null;

  // A picture uploaded from this computer fills the Photo URL with the shop's own address for it.
  const upload = useUploadToolImage();
  const [photoUpload, setPhotoUpload] = useState<PhotoUpload | null>(null);
  const uploadPhoto = (file: File) => {
    const { name } = file;
    const refuse = (error: string) => setPhotoUpload({ name, state: 'refused', error });
    if (file.size === 0) return refuse(toolImageMessages.empty);
    if (file.size > MAX_TOOL_IMAGE_BYTES) return refuse(toolImageMessages.tooLarge);
    setPhotoUpload({ name, state: 'uploading' });
    upload.mutate(file, {
      onSuccess: (uploaded) => {
        setPhotoUpload({ name, state: 'uploaded' });
        clearErrors('img');
        setValue('img', uploaded.img, { shouldDirty: true, shouldValidate: isSubmitted });
      },
      onError: (error) => refuse(error.message),
    });
  };

  const submit = handleSubmit(async (values) => {
    if (newCategory) {
      const existing = clashingCategory(values.category, categories);
      if (existing) {
        setOffered(existing);
        setError('category', { message: toolFieldMessages.categoryClash(existing) });
        return;
      }
    }
    // A new or changed picture must load in this browser first: no blank cards in the shop.
    const imgChanged = !loaded.img || Boolean(dirtyFields.img);
    if (imgChanged && !(await imageLoads(values.img))) {
      setError('img', { message: toolFieldMessages.imgUnreachable });
      return;
    }
    const result = await onSubmit(values, dirtyFields, loaded);
    if (result.saved) {
      const next = resetTo ?? values;
      setLoaded(next);
      reset(next);
      setNewCategory(false);
      setPicture(null);
      setPhotoUpload(null);
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
        label="Available quantity"
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
      <div className="flex flex-col gap-1">
        <label htmlFor={categoryId} className="text-sm font-medium">
          Category
        </label>
        <select
          id={categoryId}
          className={`select w-full ${errors.category && !newCategory ? 'select-error' : ''}`}
          value={newCategory ? NEW_CATEGORY : category}
          aria-invalid={errors.category && !newCategory ? true : undefined}
          aria-describedby={errors.category && !newCategory ? categoryErrorId : undefined}
          onChange={(event) => chooseCategory(event.target.value)}
        >
          <option value="">Choose a category…</option>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={NEW_CATEGORY}>New category…</option>
        </select>
        {errors.category && !newCategory ? (
          <p id={categoryErrorId} className="text-sm text-error">
            {errors.category.message}
          </p>
        ) : null}
      </div>
      {newCategory ? (
        <div className="flex flex-col gap-2">
          <TextField
            label="New category name"
            autoComplete="off"
            hint="Only for a kind of tool the shop does not sell yet."
            error={errors.category?.message}
            {...register('category', { onChange: () => setOffered(null) })}
          />
          {offered ? (
            <button
              type="button"
              className="btn btn-sm btn-outline self-start"
              onClick={() => chooseCategory(offered)}
            >
              Use “{offered}”
            </button>
          ) : null}
        </div>
      ) : (
        // Keeps the grid's two columns lined up.
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      <div className="sm:col-span-2">
        <TextareaField
          label="Description"
          rows={4}
          error={errors.desc?.message}
          {...register('desc')}
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <div className="flex items-start gap-4">
          <div className="min-w-0 flex-1">
            <TextField
              label="Photo URL"
              type="url"
              placeholder="https://…"
              hint="Upload a photo below, or give the address of one that opens in your browser; a preview shows when it loads."
              error={errors.img?.message}
              {...register('img')}
            />
            {shown && !shown.ok && !errors.img ? (
              <p className="mt-1 text-sm text-error">{toolFieldMessages.imgUnreachable}</p>
            ) : null}
          </div>
          {shown?.ok ? (
            <img
              src={toolImageAt(shown.src, 128)}
              alt="Preview of the photo"
              width={128}
              height={96}
              className="mt-6 h-18 w-24 shrink-0 rounded border border-base-300 bg-base-200 object-contain sm:h-24 sm:w-32"
            />
          ) : null}
        </div>
        <PhotoUploadField upload={photoUpload} onFile={uploadPhoto} />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="btn btn-primary"
          // The Photo URL is filled when the upload ends.
          disabled={isSubmitting || upload.isPending}
        >
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
