import { z } from 'zod';
import { DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE } from './admin.ts';
import { contactTopics } from './contact-rules.ts';
import { queryWholeNumber } from './query-params.ts';

/**
 * An outbox row's life: `pending` until a sender claims it (`sending`), then `sent`, or back to
 * `pending` with a later attempt time after a failure, and `failed` once the retries are spent.
 * Without an SMTP server a mail is `kept`: it stays in the outbox for the admin Mail page.
 */
export const mailStatuses = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept (not sent)',
};

/** What a mail is about; the Mail page shows it, tests and logs filter on it. */
export const mailKinds = [
  'password_reset',
  'verify_email',
  'order_placed',
  'order_paid',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  'contact_ack',
  'contact_notice',
  'newsletter_confirm',
  'low_stock',
  'company_invitation',
  'invoice_reminder',
  'approval_requested',
  'approval_rejected',
  'quote_requested',
  'quote_sent',
  'quote_message',
  'quote_decided',
  'quote_expiring',
  'quote_expired',
  'order_shipment',
  'backorder_date_moved',
  'shipment_cancelled',
  'staff_order_notice',
] as const;
export type MailKind = (typeof mailKinds)[number];

export const mailKindLabels: Record<MailKind, string> = {
  password_reset: 'Password reset',
  verify_email: 'Email confirmation',
  order_placed: 'Order placed',
  order_paid: 'Payment received',
  order_shipped: 'Order shipped',
  order_delivered: 'Order delivered',
  order_cancelled: 'Order cancelled',
  order_refunded: 'Refund and credit note',
  contact_ack: 'Contact acknowledgement',
  contact_notice: 'Contact notice to admins',
  newsletter_confirm: 'Newsletter confirmation',
  low_stock: 'Low stock notice to admins',
  company_invitation: 'Invitation to a company account',
  invoice_reminder: 'Invoice reminder',
  approval_requested: 'Order sent for approval, to approvers',
  approval_rejected: 'Approval rejected, to the buyer',
  quote_requested: 'Request for quotation, to admins',
  quote_sent: 'Quote sent, to the buyer',
  quote_message: 'Message on a quote',
  quote_decided: 'Quote accepted or declined, to admins',
  quote_expiring: 'Quote expiring in 3 days, to the buyer',
  quote_expired: 'Quote expired, to the buyer',
  order_shipment: 'Shipment sent',
  backorder_date_moved: 'Back-order date moved',
  shipment_cancelled: 'Shipment cancelled',
  staff_order_notice: 'Orders placed or paid, to staff',
};

const MAX_PAGE = 10_000;

/** GET /api/mail (admin): newest first, paged; the total is in X-Total-Count. */
export const mailListQuerySchema = z.object({
  page: queryWholeNumber(1, MAX_PAGE, `must be a whole number from 1 to ${MAX_PAGE}`).default(1),
  pageSize: queryWholeNumber(
    1,
    MAX_ADMIN_PAGE_SIZE,
    `must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}`,
  ).default(DEFAULT_ADMIN_PAGE_SIZE),
});
export type MailListQueryInput = z.input<typeof mailListQuerySchema>;
export type MailListQuery = z.output<typeof mailListQuerySchema>;

/**
 * A document a mail carries, rendered when the mail is sent (from the document's stored
 * snapshot, so every attempt attaches the same PDF): the invoice of an order, by order id.
 */
export const mailAttachmentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  /** The order whose invoice it is, or the credit note's refund. */
  id: z.string(),
  filename: z.string(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const mailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(mailKinds),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The PDF the mail carries, if any. */
  attachment: mailAttachmentSchema.nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;
export const mailListSchema = z.array(mailSummarySchema);

/** GET /api/mail/:id (admin): one mail with both of its bodies. */
export const mailDetailSchema = mailSummarySchema.extend({ html: z.string(), text: z.string() });
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const mailIdParamsSchema = z.object({ id: z.string().min(1) });

export const mailMessages = {
  mailNotFound: 'Mail not found.',
  messageNotFound: 'Message not found.',
} as const;

/** GET /api/contact (admin): the Inbox, newest first, paged; the total is in X-Total-Count. */
export const contactListQuerySchema = mailListQuerySchema.extend({
  unread: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type ContactListQueryInput = z.input<typeof contactListQuerySchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  topic: z.enum(contactTopics),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.array(contactMessageSchema);

/** PATCH /api/contact/:id (admin): mark a message read or unread. */
export const contactReadBodySchema = z.strictObject({
  read: z.boolean({ error: 'read must be true or false' }),
});
export type ContactReadBody = z.infer<typeof contactReadBodySchema>;

/** POST /api/newsletter/confirm and POST /api/newsletter/unsubscribe: the token from the mail. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: 'The link is missing its token.' })
    .trim()
    .min(1, 'The link is missing its token.')
    .max(200, 'This link is not valid.'),
});
export type NewsletterTokenInput = z.input<typeof newsletterTokenSchema>;

export const newsletterLinkResultSchema = z.object({ message: z.string() });
export type NewsletterLinkResult = z.infer<typeof newsletterLinkResultSchema>;

export const newsletterLinkMessages = {
  confirmed: 'Your subscription is confirmed. Watch your inbox for new tools and offers.',
  invalidLink: 'This link is invalid or was already used to unsubscribe.',
  unsubscribed: 'You are unsubscribed. We will not send you the newsletter again.',
} as const;
