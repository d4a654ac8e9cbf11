import { z } from 'zod';
import { MAX_PHONE_LENGTH, isPhoneNumber, phoneMessages } from './phone-rules.ts';

/**
 * The shop's one phone rule: the profile, a single-tool order and the cart checkout all take
 * the same numbers, in the browser and on the server. The number is kept as typed (trimmed).
 */
export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, phoneMessages.required)
  .max(MAX_PHONE_LENGTH, phoneMessages.invalid)
  .refine(isPhoneNumber, phoneMessages.invalid);
