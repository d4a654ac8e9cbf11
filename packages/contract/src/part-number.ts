import { z } from 'zod';

export const MAX_PART_NUMBER_LENGTH = 40;

export const partNumberMessages = {
  required: 'Part number is required',
  format: `Part number must be 1 to ${MAX_PART_NUMBER_LENGTH} letters, digits, "-", "_", "." or "/", starting with a letter or digit`,
  taken: (partNumber: string) => `Part number ${partNumber} is already used by another tool`,
} as const;

const PART_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * A tool's part number (SKU), e.g. `VF-DM200`. Kept as typed; two part numbers that differ only in
 * letter case are the same part (the database enforces it with a unique index on lower()).
 */
export const partNumberSchema = z
  .string({ error: partNumberMessages.required })
  .trim()
  .min(1, partNumberMessages.required)
  .max(MAX_PART_NUMBER_LENGTH, partNumberMessages.format)
  .regex(PART_NUMBER, partNumberMessages.format);

/** The comparison key of a part number. */
export function partNumberKey(partNumber: string): string {
  return partNumber.trim().toLowerCase();
}
