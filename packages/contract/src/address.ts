import { z } from 'zod';
import { addressMessages, addressProblem } from './address-rules.ts';

/**
 * The delivery address of a one-tool order, the cart's checkout and the profile (which fills
 * them), in the browser and on the server: kept as typed (trimmed).
 */
export const addressSchema = z
  .string({ error: addressMessages.required })
  .trim()
  .min(1, addressMessages.required)
  .superRefine((address, ctx) => {
    const problem = addressProblem(address);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
