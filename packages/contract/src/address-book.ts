import { z } from 'zod';
import { addressSchema } from './address.ts';
import {
  addressBookMessages,
  MAX_ADDRESS_LABEL_LENGTH,
  MAX_SAVED_ADDRESS_LINES,
} from './address-book-rules.ts';
import { ONE_LINE } from './form-fields.ts';
import { hasEmoji } from './emoji-rules.ts';
import { phoneSchema } from './phone.ts';
import { nameSchema } from './user.ts';

/**
 * A buyer's address book (docs/architecture.md, "Data model"): places they ship to, one the
 * default. Checkout fills its delivery fields from one; the order keeps its own copy, so editing
 * the book changes no past order.
 */

/** POST /api/addresses, PUT /api/addresses/:id. */
export const savedAddressInputSchema = z.strictObject({
  label: z
    .string({ error: addressBookMessages.label })
    .trim()
    .min(1, addressBookMessages.label)
    .max(MAX_ADDRESS_LABEL_LENGTH, addressBookMessages.label)
    .refine((v) => ONE_LINE.test(v) && !hasEmoji(v), addressBookMessages.label),
  /** Who receives it there: the name printed above the address. */
  recipient: nameSchema,
  address: addressSchema.refine(
    (address) => address.split(/\r\n|\r|\n/).length <= MAX_SAVED_ADDRESS_LINES,
    addressBookMessages.tooManyLines,
  ),
  phone: phoneSchema,
  /** Make it the default (the first address saved is the default anyway). */
  isDefault: z.boolean().default(false),
});
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;
export type SavedAddressValues = z.output<typeof savedAddressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  recipient: z.string(),
  address: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /api/addresses: the default first, then by label. */
export const savedAddressListSchema = z.array(savedAddressSchema);

export const savedAddressParamsSchema = z.object({ id: z.string() });
