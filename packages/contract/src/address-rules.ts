import { hasEmoji, noEmojiMessage } from './emoji-rules.ts';

/**
 * The shop's one address rule, as words and a check without the schema (no zod): a delivery
 * address is what an invoice prints in its "Bill to" block, so it is a few short lines.
 */

export const MAX_ADDRESS_LINES = 6;
export const MAX_ADDRESS_LINE_LENGTH = 100;

export const addressMessages = {
  required: 'Address is required',
  tooManyLines: `Address must be at most ${MAX_ADDRESS_LINES} lines`,
  lineTooLong: `Each line of the address must be at most ${MAX_ADDRESS_LINE_LENGTH} characters`,
  emoji: noEmojiMessage('Address'),
} as const;

/** What is wrong with a (trimmed, non-empty) address, or null. */
export function addressProblem(address: string): string | null {
  const lines = address.split(/\r\n|\r|\n/);
  if (lines.length > MAX_ADDRESS_LINES) return addressMessages.tooManyLines;
  if (lines.some((line) => line.length > MAX_ADDRESS_LINE_LENGTH)) {
    return addressMessages.lineTooLong;
  }
  if (hasEmoji(address)) return addressMessages.emoji;
  return null;
}
