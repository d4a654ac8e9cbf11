import { z } from 'zod';
import { expiryInPast, luhnValid, paymentMessages, paymentProviders } from './payment-rules.ts';

/** The payment requests and answers (the rules and words they check with: payment-rules.ts). */

/** "4242 4242-4242 4242" → "4242424242424242" */
export const cardNumberSchema = z
  .string({ error: paymentMessages.numberRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, paymentMessages.numberRequired)
      .regex(/^\d+$/, paymentMessages.numberInvalid)
      .min(12, paymentMessages.numberIncomplete)
      .max(19, paymentMessages.numberInvalid)
      .refine(luhnValid, paymentMessages.numberInvalid),
  );

const cvcSchema = z
  .string({ error: paymentMessages.cvcRequired })
  .trim()
  .min(1, paymentMessages.cvcRequired)
  .regex(/^\d{3,4}$/, paymentMessages.cvcInvalid);

const intentIdPattern = /^[A-Za-z0-9_]{1,255}$/;

/** POST /api/create-payment-intent. Any `price` sent is ignored: the server takes the order total. */
export const createPaymentIntentBodySchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required'),
});
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(paymentProviders),
  publishableKey: z.string().optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * GET /api/payments/config: which card form the web app shows, and how long an unpaid order is
 * held before it is cancelled and its stock released (`orderHoldHours`; 0: until cancelled).
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(paymentProviders),
  publishableKey: z.string().optional(),
  orderHoldHours: z.number().int().min(0),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * POST /api/payments/test/confirm: the test provider's stand-in for Stripe's confirm call. Only
 * the last four digits of the number are kept.
 */
export const testCardConfirmBodySchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1, 'clientSecret is required'),
  number: cardNumberSchema,
  expMonth: z
    .number({ error: paymentMessages.expiryInvalid })
    .int(paymentMessages.expiryInvalid)
    .min(1, paymentMessages.expiryInvalid)
    .max(12, paymentMessages.expiryInvalid),
  expYear: z
    .number({ error: paymentMessages.expiryInvalid })
    .int(paymentMessages.expiryInvalid)
    .min(2000, paymentMessages.expiryInvalid)
    .max(2100, paymentMessages.expiryInvalid),
  cvc: cvcSchema,
});
export type TestCardConfirmBody = z.input<typeof testCardConfirmBodySchema>;

export const testCardConfirmResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
  last4: z.string(),
});
export type TestCardConfirmResponse = z.infer<typeof testCardConfirmResponseSchema>;

/** The test card form as typed: expiry as "MM / YY" (or MM/YYYY). */
export const testCardFormSchema = z
  .object({
    number: cardNumberSchema,
    expiry: z
      .string({ error: paymentMessages.expiryRequired })
      .trim()
      .min(1, paymentMessages.expiryRequired)
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, paymentMessages.expiryInvalid),
    cvc: cvcSchema,
  })
  .transform(({ number, expiry, cvc }, ctx) => {
    const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
    const expMonth = Number(month);
    const expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    if (expiryInPast(expMonth, expYear)) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: paymentMessages.expiryPast });
      return z.NEVER;
    }
    return { number, expMonth, expYear, cvc };
  });
export type TestCardFormInput = z.input<typeof testCardFormSchema>;
export type TestCardFormValues = z.output<typeof testCardFormSchema>;

/**
 * PATCH /api/order/:id after the card is confirmed; answers with the order (contract/order).
 * The spec's `appointment` field is ignored.
 */
export const markOrderPaidBodySchema = z.object({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .trim()
    .min(1, 'transactionId is required')
    .regex(intentIdPattern, 'transactionId is not a valid payment id'),
});
export type MarkOrderPaidBody = z.input<typeof markOrderPaidBodySchema>;

/** POST /api/payments/webhook always answers this when the event was accepted. */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
});
