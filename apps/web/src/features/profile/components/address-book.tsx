import { zodResolver } from '@hookform/resolvers/zod';
import {
  savedAddressInputSchema,
  type SavedAddress,
  type SavedAddressInput,
  type SavedAddressValues,
} from '@voltforge/contract/address-book';
import { addressBookMessages, MAX_SAVED_ADDRESSES } from '@voltforge/contract/address-book-rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api/api-client';
import { useAddresses, type AddressBookKind } from '../../../lib/api/get-addresses';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { toast } from '../../../lib/page/toast';
import { useRemoveAddress, useSaveAddress } from '../api/address-book';

const fields = ['label', 'recipient', 'address', 'phone'] as const;

const blank: SavedAddressInput = {
  label: '',
  recipient: '',
  address: '',
  phone: '',
  isDefault: false,
};

/** Adds an address (`editing` null) or changes one; closes when saved or cancelled. */
function AddressForm({
  book,
  editing,
  onDone,
}: {
  book: AddressBookKind;
  editing: SavedAddress | null;
  onDone: () => void;
}) {
  const save = useSaveAddress(book);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SavedAddressInput, unknown, SavedAddressValues>({
    resolver: zodResolver(savedAddressInputSchema),
    defaultValues: editing
      ? {
          label: editing.label,
          recipient: editing.recipient,
          address: editing.address,
          phone: editing.phone,
          isDefault: editing.isDefault,
        }
      : blank,
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      toast.success(addressBookMessages.saved);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, setError, fields)) {
        toast.error(errorMessage(error, 'The address was not saved.'));
      }
    }
  });
  const title = editing ? `Change “${editing.label}”` : 'New address';
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h4 className="font-semibold">{title}</h4>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField
          label="Label"
          placeholder="e.g. Main plant"
          required
          error={errors.label?.message}
          {...register('label')}
        />
        <TextField
          label="Recipient"
          autoComplete="name"
          placeholder="e.g. Goods In"
          required
          error={errors.recipient?.message}
          {...register('recipient')}
        />
        <div className="md:col-span-2">
          <TextareaField
            label="Address"
            autoComplete="street-address"
            rows={3}
            required
            error={errors.address?.message}
            {...register('address')}
          />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('isDefault')} />
          Make this my default address
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          Save address
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface AddressBookProps {
  /** The buyer's own book, or their company's shared one. */
  book?: AddressBookKind;
  /** Whether this buyer may change it (a company's: its admins). */
  canChange?: boolean;
  title?: string;
  /** Inside another section: its heading one level down. */
  nested?: boolean;
}

/**
 * An address book on the profile (docs/architecture.md, "Data model"): the places the buyer (or
 * their company) ships to, one the default, which checkout offers. An order keeps its own copy.
 */
export function AddressBook({
  book = 'own',
  canChange = true,
  title = 'Address book',
  nested = false,
}: AddressBookProps) {
  const Heading = nested ? 'h4' : 'h3';
  const addresses = useAddresses(book);
  const remove = useRemoveAddress(book);
  const headingId = `address-book-${book}-heading`;
  // null: no form; 'new': adding; else the address being changed.
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(addressBookMessages.removed),
      onError: (error) => toast.error(errorMessage(error, 'The address was not removed.')),
      onSettled: () => setRemoving(null),
    });
  };

  let body;
  if (addresses.error) {
    body = (
      <QueryError message={addresses.error.message} onRetry={() => void addresses.refetch()} />
    );
  } else if (!addresses.data) body = <Spinner label="Loading your addresses" />;
  else {
    const list = addresses.data;
    body = (
      <>
        {list.length === 0 ? (
          <p className="text-sm text-base-content/75">
            No saved addresses yet.{canChange ? ' Checkout offers the ones you save here.' : ''}
          </p>
        ) : (
          <ul
            aria-label={book === 'own' ? 'Saved addresses' : 'Shared addresses'}
            className="grid gap-3 md:grid-cols-2"
          >
            {list.map((entry) => (
              <li key={entry.id} className="rounded-box border border-base-300 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{entry.label}</span>
                  {entry.isDefault ? <span className="badge badge-sm">Default</span> : null}
                </div>
                <div>{entry.recipient}</div>
                <div className="whitespace-pre-line">{entry.address}</div>
                <div className="text-base-content/80">{entry.phone}</div>
                {canChange ? (
                  <div className="mt-2 flex gap-2">
                    <button
                      type="button"
                      className="btn btn-outline btn-xs"
                      onClick={() => setEditing(entry)}
                    >
                      Change<span className="sr-only"> {entry.label}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs text-error"
                      onClick={() => setRemoving(entry)}
                    >
                      Remove<span className="sr-only"> {entry.label}</span>
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {!canChange ? null : editing ? (
          <AddressForm
            book={book}
            key={editing === 'new' ? 'new' : editing.id}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : list.length < MAX_SAVED_ADDRESSES ? (
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            onClick={() => setEditing('new')}
          >
            Add an address
          </button>
        ) : (
          <p className="text-sm text-base-content/75">{addressBookMessages.tooMany}</p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className={nested ? 'font-semibold' : 'text-lg font-semibold'}>
        {title}
      </Heading>
      {body}
      <ConfirmDialog
        open={removing !== null}
        message="Remove this address?"
        detail={removing ? `${removing.label}: ${removing.recipient}` : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
