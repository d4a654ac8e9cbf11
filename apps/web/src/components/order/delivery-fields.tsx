import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea-field';

interface DeliveryFieldsProps {
  /** react-hook-form's `register('phone')` and `register('address')` of the form. */
  phone: UseFormRegisterReturn<'phone'>;
  address: UseFormRegisterReturn<'address'>;
  errors: { phone?: string | undefined; address?: string | undefined };
  phonePlaceholder?: string;
  /** Wraps the address, e.g. to span a grid's columns. */
  addressClassName?: string;
  /** The address as several lines (checkout, which fills it from the address book). */
  multiline?: boolean;
}

/**
 * Where an order goes: the phone and address fields, as the one-item order form, checkout and the
 * profile ask for them (the contract's phone and address rules check them).
 */
export function DeliveryFields({
  phone,
  address,
  errors,
  phonePlaceholder,
  addressClassName,
  multiline = false,
}: DeliveryFieldsProps) {
  const addressField = multiline ? (
    <TextareaField
      label="Address"
      autoComplete="street-address"
      rows={3}
      required
      error={errors.address}
      {...address}
    />
  ) : (
    <TextField
      label="Address"
      autoComplete="street-address"
      required
      error={errors.address}
      {...address}
    />
  );
  return (
    <>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder={phonePlaceholder}
        required
        error={errors.phone}
        {...phone}
      />
      {addressClassName ? <div className={addressClassName}>{addressField}</div> : addressField}
    </>
  );
}
