/** The shop's phone rule in words and as a check, without the schema (no zod): pages that only show or check a number load this. */
export const phoneMessages = {
  required: 'Phone is required',
  invalid:
    'Provide a valid phone number: 7 to 15 digits, optionally starting with + and separated by spaces, dashes, dots or brackets',
} as const;

/** The longest phone field kept, separators included. */
export const MAX_PHONE_LENGTH = 30;

// A phone number as people type it: an optional +, digits and common separators, 7 to 15 digits
// (the E.164 maximum). "555-0100" and "+1 555 0100" are both phone numbers.
const PHONE_CHARACTERS = /^\+?[0-9][0-9 ().-]*$/;

export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
}
