import { z } from 'zod';
import { hasAtMostTwoDecimals } from './admin.ts';
import { addressSchema } from './address.ts';
import { poNumberSchema } from './checkout.ts';
import { ONE_LINE } from './form-fields.ts';
import { paymentMethods } from './order-rules.ts';
import { phoneSchema } from './phone.ts';
import { companySchema, taxIdSchema } from './profile.ts';
import { QUOTE_LIMITS, quoteMessages, quoteSources, quoteStates } from './quote-rules.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/*
 * Quotes' API (docs/payments.md, "Quotes"). Dollars at the edge; the server keeps cents.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not). */
export const dateSchema = z.string({ error: quoteMessages.date }).refine((v) => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, quoteMessages.date);

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const dollars = (message: string, min: number, max: number, strict = false) =>
  z
    .number({ error: message })
    .finite(message)
    .refine((v) => (strict ? v > min : v >= min) && v <= max && hasAtMostTwoDecimals(v), message);

const oneLine = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => ONE_LINE.test(v), message);

const noteSchema = z
  .string({ error: quoteMessages.note })
  .trim()
  .max(QUOTE_LIMITS.note, quoteMessages.note);

/** Quantities of one line, strictly rising. */
const tiersSchema = z
  .array(wholeNumber(quoteMessages.quantity, 1, QUOTE_LIMITS.quantity), {
    error: quoteMessages.tiers,
  })
  .min(1, quoteMessages.tiers)
  .max(QUOTE_LIMITS.tiers, quoteMessages.tiers)
  .refine((q) => q.every((v, i) => i === 0 || v > q[i - 1]!), quoteMessages.tiers);

/** POST /api/quotes: a request for quotation. `requestKey` makes a retry the same request. */
export const quoteRequestSchema = z.strictObject(
  {
    requestKey: z.string({ error: quoteMessages.requestKey }).regex(UUID, quoteMessages.requestKey),
    source: z.enum(quoteSources, { error: "source must be 'cart', 'project' or 'tool'" }),
    projectId: z.string().regex(UUID, quoteMessages.unknownProject).nullable().optional(),
    lines: z
      .array(
        z.strictObject({
          /** A tool we list, or null for a part we do not (then `partText` says which). */
          toolId: z.string().regex(UUID, quoteMessages.unknownTool).nullable(),
          partText: oneLine(QUOTE_LIMITS.text, quoteMessages.partText),
          quantities: tiersSchema,
          targetPrice: dollars(quoteMessages.targetPrice, 0, QUOTE_LIMITS.unitPrice, true)
            .nullable()
            .optional(),
          customerRef: oneLine(QUOTE_LIMITS.text, quoteMessages.customerRef).nullable().optional(),
        }),
        { error: quoteMessages.lines },
      )
      .min(1, quoteMessages.lines)
      .max(QUOTE_LIMITS.lines, quoteMessages.lines),
    alternatesOk: z.boolean().default(false),
    neededBy: dateSchema.nullable().optional(),
    note: noteSchema.default(''),
  },
  unknownFieldsError(),
);
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequestBody = z.output<typeof quoteRequestSchema>;

const offerSchema = z.strictObject({
  /** The line's tool, or a substitute for a part we do not list or cannot supply. */
  toolId: z.string().regex(UUID, quoteMessages.unknownTool),
  quantity: wholeNumber(quoteMessages.quantity, 1, QUOTE_LIMITS.quantity),
  unitPrice: dollars(quoteMessages.unitPrice, 0, QUOTE_LIMITS.unitPrice, true),
  leadTimeWeeks: wholeNumber(quoteMessages.leadTime, 0, QUOTE_LIMITS.leadTimeWeeks),
  minQuantity: wholeNumber(quoteMessages.quantity, 1, QUOTE_LIMITS.quantity).default(1),
  multiple: wholeNumber(quoteMessages.quantity, 1, QUOTE_LIMITS.quantity).default(1),
});

/** POST /api/admin/quotes/:id/revisions (staff): send an answer; it is locked once sent. */
export const quoteRevisionSchema = z.strictObject(
  {
    /**
     * The number this revision takes: one more than the latest the sender read. A second send of
     * the same answer (a double click, a colleague at once) is refused instead of sent twice.
     */
    revision: wholeNumber(quoteMessages.revisionNumber, 1, 1_000),
    validUntil: dateSchema,
    freight: dollars(quoteMessages.freight, 0, QUOTE_LIMITS.freight),
    taxRate: z
      .number({ error: quoteMessages.taxRate })
      .refine((v) => v >= 0 && v <= 100 && hasAtMostTwoDecimals(v), quoteMessages.taxRate),
    note: noteSchema.default(''),
    lines: z.array(
      z.strictObject({
        lineNo: wholeNumber(quoteMessages.offerLines, 1, QUOTE_LIMITS.lines),
        offers: z
          .array(offerSchema, { error: quoteMessages.offers })
          .max(QUOTE_LIMITS.offers, quoteMessages.offers)
          .refine(
            (o) => o.every((v, i) => i === 0 || v.quantity > o[i - 1]!.quantity),
            quoteMessages.offers,
          ),
      }),
      { error: quoteMessages.offerLines },
    ),
  },
  unknownFieldsError(),
);
export type QuoteRevisionInput = z.input<typeof quoteRevisionSchema>;
export type QuoteRevisionBody = z.output<typeof quoteRevisionSchema>;

/** POST /api/quotes/:id/accept: the revision the buyer read, and an offer per line they want. */
export const quoteAcceptSchema = z.strictObject(
  {
    revision: wholeNumber(quoteMessages.unknownOffer, 1, 1_000),
    choices: z
      .array(
        z.strictObject({
          lineNo: wholeNumber(quoteMessages.unknownOffer, 1, QUOTE_LIMITS.lines),
          offerNo: wholeNumber(quoteMessages.unknownOffer, 1, QUOTE_LIMITS.offers),
        }),
        { error: quoteMessages.choose },
      )
      .min(1, quoteMessages.choose)
      .max(QUOTE_LIMITS.lines, quoteMessages.choose)
      .refine((c) => new Set(c.map((x) => x.lineNo)).size === c.length, quoteMessages.chooseOnce),
    phone: phoneSchema,
    address: addressSchema,
    poNumber: poNumberSchema,
    company: companySchema,
    taxId: taxIdSchema,
    paymentMethod: z
      .enum(paymentMethods, { error: "paymentMethod must be 'card' or 'account'" })
      .optional(),
    /** The total (dollars) the buyer saw for this choice: the order is placed only at it. */
    expectedTotal: z
      .number({ error: 'expectedTotal is the total you were shown, in dollars.' })
      .nonnegative(),
  },
  unknownFieldsError(),
);
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;
export type QuoteAcceptBody = z.output<typeof quoteAcceptSchema>;

export const quoteDeclineSchema = z.strictObject({
  reason: oneLine(QUOTE_LIMITS.reason, quoteMessages.reason).refine(
    (v) => v.length > 0,
    quoteMessages.reason,
  ),
});

export const quoteMessageSchema = z.strictObject({
  body: z
    .string({ error: quoteMessages.message })
    .trim()
    .min(1, quoteMessages.message)
    .max(QUOTE_LIMITS.note, quoteMessages.message),
});

export const quoteIdParamsSchema = z.object({ id: z.string() });
export const quoteRevisionParamsSchema = z.object({
  id: z.string(),
  revision: z.coerce
    .number({ error: quoteMessages.noRevision })
    .int(quoteMessages.noRevision)
    .min(1, quoteMessages.noRevision)
    .max(1_000, quoteMessages.noRevision),
});

/** GET /api/admin/quotes: the queue, filtered by state and searched by number, part or company. */
export const quoteQueueQuerySchema = z.object({
  state: z.enum([...quoteStates, 'open']).optional(),
  q: z.string().trim().max(100).optional(),
});

const offerOutSchema = z.object({
  lineNo: z.number().int(),
  offerNo: z.number().int(),
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  /** Not the tool the line asked for (or the line asked for a part we do not list). */
  substitute: z.boolean(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  leadTimeWeeks: z.number().int(),
  minQuantity: z.number().int(),
  multiple: z.number().int(),
});

export const quoteRevisionOutSchema = z.object({
  revision: z.number().int(),
  sentAt: z.string(),
  sentBy: z.string(),
  validUntil: z.string(),
  /** The end of `validUntil` in the seller's time zone. */
  expiresAt: z.string(),
  freight: z.number(),
  /** Percent. */
  taxRate: z.number(),
  note: z.string(),
  offers: z.array(offerOutSchema),
});

export const quoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(quoteStates),
  createdAt: z.string(),
  requestedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(quoteSources),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  alternatesOk: z.boolean(),
  neededBy: z.string().nullable(),
  note: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      toolId: z.string().nullable(),
      partNumber: z.string().nullable(),
      partText: z.string(),
      name: z.string().nullable(),
      quantities: z.array(z.number().int()),
      targetPrice: z.number().nullable(),
      customerRef: z.string().nullable(),
    }),
  ),
  /** Every revision sent, newest last; what the buyer saw never changes. */
  revisions: z.array(quoteRevisionOutSchema),
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.string(),
      fromStaff: z.boolean(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
  declineReason: z.string().nullable(),
  accepted: z
    .object({ revision: z.number().int(), order: z.object({ id: z.string(), number: z.string() }) })
    .nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A row of a list of quotes (the buyer's, or staff's queue). */
export const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(quoteStates),
  createdAt: z.string(),
  requestedBy: z.string(),
  company: z.string().nullable(),
  lineCount: z.number().int(),
  revision: z.number().int(),
  /** The latest revision's lines at their first offers, with freight and tax; null unanswered. */
  value: z.number().nullable(),
  /** The latest revision's last day (YYYY-MM-DD, the seller's), and the instant it ends. */
  validUntil: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;
export const quoteListSchema = z.array(quoteSummarySchema);
