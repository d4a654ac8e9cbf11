import { z } from 'zod';

/** Every error the API returns has this body; `fields` maps a field path to its message. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payment_failed',
  'payment_unavailable',
  'busy',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
