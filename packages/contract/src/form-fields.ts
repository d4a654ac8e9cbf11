import { z } from 'zod';

/** A text field that must not be blank: trimmed, then `required` when empty, `tooLong` past `max`. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
