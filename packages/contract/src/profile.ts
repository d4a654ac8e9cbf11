import { z } from 'zod';
import { ONE_LINE, oneLineMessage, requiredText } from './form-fields.ts';
import { addressSchema } from './address.ts';
import { addressMessages } from './address-rules.ts';
import { hasEmoji, noEmojiMessage } from './emoji-rules.ts';
import { authMessages, nameSchema } from './user.ts';
import { isHttpUrl } from './web-address.ts';
import { phoneSchema } from './phone.ts';
import { phoneMessages } from './phone-rules.ts';

export const MAX_PROFILE_ABOUT_LENGTH = 1000;
export const MAX_PROFILE_SHORT_TEXT_LENGTH = 200;
export const MAX_PROFILE_URL_LENGTH = 2048;

export const profileMessages = {
  updated: 'update Successfully',
  nameRequired: authMessages.nameRequired,
  nameTooLong: authMessages.nameTooLong,
  aboutTooLong: `About must be at most ${MAX_PROFILE_ABOUT_LENGTH} characters`,
  educationTooLong: `Education must be at most ${MAX_PROFILE_SHORT_TEXT_LENGTH} characters`,
  professionRequired: 'Profession is required',
  professionTooLong: `Profession must be at most ${MAX_PROFILE_SHORT_TEXT_LENGTH} characters`,
  addressRequired: addressMessages.required,
  phoneRequired: phoneMessages.required,
  phoneInvalid: phoneMessages.invalid,
  linkedinRequired: 'Linkedin is required',
  linkedinInvalid: 'Linkedin must be a URL starting with http:// or https://',
  imgInvalid: 'Photo URL must be a web address starting with http:// or https://',
  onlyYourOwn: 'You can only change your own profile.',
  companyTooLong: `Company must be at most ${MAX_PROFILE_SHORT_TEXT_LENGTH} characters`,
  companyEmoji: noEmojiMessage('Company'),
  taxIdInvalid:
    'VAT / tax id must look like an EU or UK VAT number (DE123456789, GB123456789) or a US EIN (12-3456789)',
} as const;

const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).optional();

/** A company name as a profile and a checkout take it: one line, no emoji; '' for none. */
export const companySchema = optionalText(
  MAX_PROFILE_SHORT_TEXT_LENGTH,
  profileMessages.companyTooLong,
)
  .refine((v) => v === undefined || ONE_LINE.test(v), oneLineMessage)
  .refine((v) => v === undefined || !hasEmoji(v), profileMessages.companyEmoji);

/** A VAT / tax id as a profile and a checkout take it, written the one way; '' for none. */
export const taxIdSchema = z
  .string({ error: profileMessages.taxIdInvalid })
  .trim()
  .max(40, profileMessages.taxIdInvalid)
  .refine((v) => v === '' || taxIdShape(v) !== null, profileMessages.taxIdInvalid)
  .transform((v) => (v === '' ? '' : (taxIdShape(v) as string)))
  .optional();

/** What GET /api/profile returns: the account's name, email and photo plus the saved profile. */
export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  about: z.string().nullable(),
  education: z.string().nullable(),
  profession: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * POST /api/user/:email. The email is the path's and cannot change here. An empty about,
 * education or img clears it; name and img are the account's display name and photo.
 */
export const updateProfileSchema = z.object({
  // The account's name: the rule it was registered with.
  name: nameSchema,
  about: optionalText(MAX_PROFILE_ABOUT_LENGTH, profileMessages.aboutTooLong),
  education: optionalText(MAX_PROFILE_SHORT_TEXT_LENGTH, profileMessages.educationTooLong),
  profession: requiredText(
    MAX_PROFILE_SHORT_TEXT_LENGTH,
    profileMessages.professionRequired,
    profileMessages.professionTooLong,
  ),
  // The same rule as an order's and the checkout's, so a profile's address always fills an order.
  address: addressSchema,
  // The same rule as an order's and the checkout's, so a profile's phone always fills an order.
  phone: phoneSchema,
  linkedin: z
    .string({ error: profileMessages.linkedinRequired })
    .trim()
    .min(1, profileMessages.linkedinRequired)
    .max(MAX_PROFILE_URL_LENGTH, profileMessages.linkedinInvalid)
    .refine(isHttpUrl, profileMessages.linkedinInvalid),
  img: z
    .string({ error: profileMessages.imgInvalid })
    .trim()
    .max(MAX_PROFILE_URL_LENGTH, profileMessages.imgInvalid)
    .refine((v) => v === '' || isHttpUrl(v), profileMessages.imgInvalid)
    .optional(),
  company: companySchema,
  taxId: taxIdSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** The `:email` of /api/user/:email, /api/admin/:email and /api/users/:email. */
export const userEmailParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });
export type UserEmailParams = z.infer<typeof userEmailParamsSchema>;

/** PUT /api/users/:email: the current session's token, for `Authorization: Bearer <token>`. */
export const userTokenSchema = z.object({ token: z.string() });
export type UserToken = z.infer<typeof userTokenSchema>;

const EU_UK_VAT =
  /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{8,12}$/;
const US_EIN = /^\d{2}-?\d{7}$/;

/**
 * A VAT or tax id in one of the common shapes, written the way invoices print it (EU/UK VAT ids
 * upper case without spaces or dots, `DE123456789`; a US EIN as `12-3456789`), or null when it has
 * none of them. Only the shape is checked: whether the number is registered is the tax office's
 * to say (VIES, HMRC), not a form's.
 */
export function taxIdShape(value: string): string | null {
  const compact = value.toUpperCase().replace(/[\s.]/g, '');
  if (US_EIN.test(compact)) return `${compact.slice(0, 2)}-${compact.slice(-7)}`;
  const vat = compact.replace(/-/g, '');
  return EU_UK_VAT.test(vat) ? vat : null;
}
