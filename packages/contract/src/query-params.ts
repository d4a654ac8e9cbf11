import { z } from 'zod';

/**
 * A whole-number query parameter from `min` to `max`. Query strings arrive as strings; a repeated
 * parameter arrives as an array and is refused with the same message.
 */
export const queryWholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
