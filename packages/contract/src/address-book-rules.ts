/* The address book's rules and words, without zod (pages show them before zod loads). */
import { MAX_ADDRESS_LINES } from './address-rules.ts';

/** An order's address is the recipient's line and the saved address: one line fewer here. */
export const MAX_SAVED_ADDRESS_LINES = MAX_ADDRESS_LINES - 1;

/** Addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 20;
export const MAX_ADDRESS_LABEL_LENGTH = 40;

export const addressBookMessages = {
  label: `Label is required: one line of at most ${MAX_ADDRESS_LABEL_LENGTH} characters, e.g. "Main plant"`,
  tooManyLines: `Address must be at most ${MAX_SAVED_ADDRESS_LINES} lines: the recipient's name is printed above them`,
  notFound: 'Address not found.',
  tooMany: `You can keep at most ${MAX_SAVED_ADDRESSES} addresses. Remove one first.`,
  saved: 'Address saved',
  removed: 'Address removed',
} as const;
