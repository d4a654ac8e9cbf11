import { zodResolver } from '@hookform/resolvers/zod';
import { restockSchema, type RestockInput } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api/api-client';

interface RestockDialogProps {
  /** The tool being restocked; null keeps the dialog closed. */
  tool: Tool | null;
  onClose: () => void;
  /** Resolves when the server has the new stock; throws with its message otherwise. */
  onRestock: (tool: Tool, quantity: number) => Promise<void>;
}

/** Add Quantity: a modal that asks how many units arrived (a positive whole number). */
export function RestockDialog({ tool, onClose, onRestock }: RestockDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RestockInput>({
    resolver: zodResolver(restockSchema),
    defaultValues: { quantity: Number.NaN },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (tool && !dialog.open) {
      reset({ quantity: Number.NaN });
      dialog.showModal();
    } else if (!tool && dialog.open) {
      dialog.close();
    }
  }, [tool, reset]);

  const submit = handleSubmit(async ({ quantity }) => {
    if (!tool) return;
    try {
      await onRestock(tool, quantity);
    } catch (error) {
      setError('quantity', {
        message: errorMessage(error, 'Could not add the quantity.'),
      });
    }
  });

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="restock-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="restock-title" className="text-lg font-bold">
          Add Quantity
        </h2>
        {tool ? (
          <p className="mt-1 text-sm text-base-content/75">
            {tool.name}: {tool.inStock} in stock now.
          </p>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-4 flex flex-col gap-4"
        >
          <TextField
            label="Quantity to add"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            autoFocus
            error={errors.quantity?.message}
            {...register('quantity', { valueAsNumber: true })}
          />
          <div className="modal-action mt-0">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              Add Quantity
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
