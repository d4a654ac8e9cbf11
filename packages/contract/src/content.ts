import { z } from 'zod';
import {
  MAX_CONTACT_MESSAGE_LENGTH,
  MIN_CONTACT_MESSAGE_LENGTH,
  contactMessages,
  contactTopics,
} from './contact-rules.ts';
import { ONE_LINE, oneLineMessage } from './form-fields.ts';
import { emailSchema } from './user.ts';

/** POST /api/newsletter — the address uses the same rule and messages as sign-in. */
export const newsletterSubscribeSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

export const newsletterMessages = {
  confirmationSent:
    'Almost done! Check your inbox and click the link in our mail to confirm your subscription.',
} as const;

/**
 * The same answer for a new address, one waiting for confirmation and one already subscribed
 * (double opt-in), so the form tells nobody who is on the list.
 */
export const newsletterResultSchema = z.object({
  email: z.string(),
  message: z.string(),
});
export type NewsletterResult = z.infer<typeof newsletterResultSchema>;

/** The fields a visitor types; the topic is fixed by the page the form is on. */
export const contactFormSchema = z.object({
  name: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(100, contactMessages.nameTooLong)
    .regex(ONE_LINE, oneLineMessage),
  email: emailSchema,
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, contactMessages.messageRequired)
    .min(MIN_CONTACT_MESSAGE_LENGTH, contactMessages.messageTooShort)
    .max(MAX_CONTACT_MESSAGE_LENGTH, contactMessages.messageTooLong),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** POST /api/contact */
export const contactRequestSchema = contactFormSchema.extend({
  topic: z.enum(contactTopics, { error: contactMessages.topic }),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResultSchema = z.object({
  _id: z.string(),
  topic: z.enum(contactTopics),
  message: z.string(),
});
export type ContactResult = z.infer<typeof contactResultSchema>;

/** GET /api/summary — the /summary page, computed from live data on every request. */
export const shopSummarySchema = z.object({
  toolCount: z.number().int(),
  categoryCount: z.number().int(),
  stockOnHand: z.number().int(),
  outOfStockCount: z.number().int(),
  /** Dollars; null while the catalogue is empty. */
  priceRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  categories: z.array(
    z.object({ category: z.string(), toolCount: z.number().int(), stockOnHand: z.number().int() }),
  ),
  reviewCount: z.number().int(),
  /** Rounded to one decimal; null when there are no reviews. */
  averageRating: z.number().nullable(),
  generatedAt: z.string(),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;
