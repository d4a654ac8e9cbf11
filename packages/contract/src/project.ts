import { z } from 'zod';
import { availabilitySchema } from './cart.ts';
import { MAX_BOM_CHARS, bomFields, bomMessages } from './project-bom.ts';
import {
  MAX_ATTRITION_BASIS_POINTS,
  MAX_BUILDS,
  MAX_CUSTOMER_REF_LENGTH,
  MAX_LINE_NOTE_LENGTH,
  MAX_LINE_TEXT_LENGTH,
  MAX_PROJECT_LINES,
  MAX_PROJECT_NAME_LENGTH,
  MAX_PROJECT_NOTES_LENGTH,
  MAX_QUANTITY_PER_BUILD,
  expandDesignators,
  isFormula,
  projectMessages as messages,
} from './project-rules.ts';

/** Projects' request and answer schemas (their rules: project-rules.ts). */

const noFormula = (text: string) => !isFormula(text);

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).refine(noFormula, messages.formula);

/** One line of a project as the buyer writes it. */
export const projectLineInputSchema = z.strictObject({
  /** The part number as written: matched to a tool when it names one, kept as text otherwise. */
  part: text(MAX_LINE_TEXT_LENGTH, messages.part).pipe(z.string().min(1, messages.part)),
  quantityPerBuild: z
    .number({ error: messages.quantityPerBuild })
    .int(messages.quantityPerBuild)
    .min(1, messages.quantityPerBuild)
    .max(MAX_QUANTITY_PER_BUILD, messages.quantityPerBuild),
  /** As written (`R1, R4-R7`); expanded on every read. */
  designators: z
    .string()
    .trim()
    .max(20_000)
    .default('')
    .superRefine((value, ctx) => {
      const read = expandDesignators(value);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: read.message });
    }),
  customerRef: text(MAX_CUSTOMER_REF_LENGTH, messages.customerRef).default(''),
  doNotInstall: z.boolean().default(false),
  /** Spare allowance for parts lost in assembly, in basis points (1 % = 100). */
  attritionBasisPoints: z
    .number({ error: messages.attrition })
    .int(messages.attrition)
    .min(0, messages.attrition)
    .max(MAX_ATTRITION_BASIS_POINTS, messages.attrition)
    .default(0),
  note: text(MAX_LINE_NOTE_LENGTH, messages.note).default(''),
});
export type ProjectLineInput = z.input<typeof projectLineInputSchema>;
export type ProjectLineValues = z.output<typeof projectLineInputSchema>;

/** POST /api/projects, PUT /api/projects/:id (a new revision). */
export const projectInputSchema = z.strictObject({
  name: text(MAX_PROJECT_NAME_LENGTH, messages.name).pipe(z.string().min(1, messages.name)),
  notes: text(MAX_PROJECT_NOTES_LENGTH, messages.notes).default(''),
  lines: z.array(projectLineInputSchema).max(MAX_PROJECT_LINES, messages.tooManyLines),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectParamsSchema = z.object({ id: z.string() });
export const projectRevisionParamsSchema = z.object({
  id: z.string(),
  revision: z.coerce.number().int().min(1),
});

/** ?builds=N for pricing and buying. */
export const buildsSchema = z.coerce
  .number({ error: messages.builds })
  .int(messages.builds)
  .min(1, messages.builds)
  .max(MAX_BUILDS, messages.builds);
/** ?builds=N: pricing a project, and its CSV export. */
export const projectBuildsQuerySchema = z.object({ builds: buildsSchema });

/** A line as kept: the input, the tool it was matched to (or null), its designators expanded. */
export const projectLineSchema = z.object({
  part: z.string(),
  quantityPerBuild: z.number().int(),
  designators: z.string(),
  customerRef: z.string(),
  doNotInstall: z.boolean(),
  attritionBasisPoints: z.number().int(),
  note: z.string(),
  toolId: z.string().nullable(),
  /** The tool's part number and name now (null when unmatched). */
  partNumber: z.string().nullable(),
  name: z.string().nullable(),
  /** Part numbers like an unmatched part's. */
  closest: z.array(z.string()),
  /** "5 reference designators for 4 per board." when their count differs; null otherwise. */
  designatorWarning: z.string().nullable(),
});
export type ProjectLine = z.infer<typeof projectLineSchema>;

export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  revision: z.number().int(),
  lineCount: z.number().int(),
  /** The total the buyer last priced it at, and for how many boards (null if never priced). */
  lastPricedTotal: z.number().nullable(),
  lastPricedBuilds: z.number().int().nullable(),
  lastOrderedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export const projectListSchema = z.array(projectSummarySchema);

export const projectRevisionSummarySchema = z.object({
  revision: z.number().int(),
  createdAt: z.string(),
  lineCount: z.number().int(),
});

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string(),
  revision: z.number().int(),
  lines: z.array(projectLineSchema),
  revisions: z.array(projectRevisionSummarySchema),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** What changed from one revision to another, by part. */
export const projectDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  added: z.array(z.object({ part: z.string(), quantityPerBuild: z.number().int() })),
  removed: z.array(z.object({ part: z.string(), quantityPerBuild: z.number().int() })),
  changed: z.array(z.object({ part: z.string(), from: z.number().int(), to: z.number().int() })),
});
export type ProjectDiff = z.infer<typeof projectDiffSchema>;
export const projectDiffQuerySchema = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});

export const projectLineStatuses = [
  'ready',
  'short',
  'unmatched',
  'do_not_install',
  'archived',
  'too_many',
] as const;
export type ProjectLineStatus = (typeof projectLineStatuses)[number];

/**
 * One line priced for N boards: figures and a status only (its words come from the contract's
 * `pricedLineMessage`, its part and name from the project's lines), so a 1,000-line answer stays
 * small.
 */
export const pricedProjectLineSchema = z.object({
  /** Its position in the project, from 1. */
  line: z.number().int(),
  toolId: z.string().nullable(),
  status: z.enum(projectLineStatuses),
  /** ceil(per board × boards × (1 + attrition)). */
  needed: z.number().int(),
  /** What is bought: the tool's summed need, rounded up to its minimum and multiple (on the first line of the tool). */
  quantity: z.number().int(),
  /** Why the quantity is more than needed: the tool's minimum, or its packs of `by`. */
  roundedUp: z.object({ rule: z.enum(['minimum', 'multiple']), by: z.number().int() }).nullable(),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
  available: z.number().int().nullable(),
  /**
   * How the quantity ships when it is more than the stock of a tool sold beyond it (the
   * contract's `availabilityOf`: "18 now, 7 by Jan 14"); null when it all ships now.
   */
  availability: availabilitySchema.nullable(),
  /** A larger quantity at a price break that costs no more. */
  suggestion: z
    .object({ quantity: z.number().int(), lineTotal: z.number(), saving: z.number() })
    .nullable(),
  /** The line whose quantity this one's was added to (two lines of one tool), or null. */
  mergedInto: z.number().int().nullable(),
});
export type PricedProjectLine = z.infer<typeof pricedProjectLineSchema>;

export const projectPriceSchema = z.object({
  builds: z.number().int(),
  lines: z.array(pricedProjectLineSchema),
  /** Σ of the ready and short lines' totals, in dollars (each line in integer cents). */
  total: z.number(),
  perBoard: z.number(),
  /** When the prices were read: they are today's. */
  pricedAt: z.string(),
});
export type ProjectPrice = z.infer<typeof projectPriceSchema>;

/** POST /api/projects/:id/cart */
export const projectToCartBodySchema = z.strictObject({
  builds: buildsSchema,
  /** Lines (by position) to buy at their suggested break quantity instead. */
  takeSuggestions: z.array(z.number().int().min(1)).max(MAX_PROJECT_LINES).default([]),
});

export const projectCartVerdictSchema = z.object({
  line: z.number().int(),
  part: z.string(),
  status: z.enum([
    'added',
    'rounded_up',
    'short',
    'unmatched',
    'do_not_install',
    'archived',
    'merged',
    'too_many',
  ]),
  message: z.string(),
  /** What went into the cart for this line (0 when it was skipped). */
  added: z.number().int(),
});
export const projectToCartSchema = z.object({
  verdicts: z.array(projectCartVerdictSchema),
  /** Lines now in the cart. */
  cartLines: z.number().int(),
});
export type ProjectToCart = z.infer<typeof projectToCartSchema>;

const columnSchema = z.number().int().min(0).max(200);

/** POST /api/projects/import/preview: a bill of materials read with its header's mapping, or this one. */
export const bomPreviewBodySchema = z.strictObject({
  text: z.string({ error: bomMessages.empty }).max(MAX_BOM_CHARS, bomMessages.tooLong),
  mapping: z
    .strictObject(Object.fromEntries(bomFields.map((field) => [field, columnSchema.optional()])))
    .optional(),
});

export const bomPreviewRowSchema = z.object({
  row: z.number().int(),
  part: z.string(),
  quantityPerBuild: z.number().int().nullable(),
  designators: z.string(),
  doNotInstall: z.boolean(),
  customerRef: z.string(),
  note: z.string(),
  problems: z.array(z.string()),
  /** The tool the part number names, or null (kept as text: "not in our catalogue"). */
  toolId: z.string().nullable(),
  partNumber: z.string().nullable(),
  name: z.string().nullable(),
  closest: z.array(z.string()),
});
export type BomPreviewRow = z.infer<typeof bomPreviewRowSchema>;

export const bomPreviewSchema = z.object({
  header: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int()),
  rows: z.array(bomPreviewRowSchema),
});
export type BomPreview = z.infer<typeof bomPreviewSchema>;

/** POST /api/order/:id/again: an earlier order's lines into the cart, a verdict per line. */
export const orderAgainSchema = z.object({
  verdicts: z.array(
    z.object({
      line: z.number().int(),
      partNumber: z.string(),
      status: z.enum(['added', 'short', 'archived']),
      message: z.string(),
      /** What went into the cart (0 when it was left out). */
      added: z.number().int(),
      /** The unit price the order was placed at, and today's at that quantity (null if no longer sold). */
      unitPriceThen: z.number(),
      unitPriceNow: z.number().nullable(),
    }),
  ),
  cartLines: z.number().int(),
});
export type OrderAgain = z.infer<typeof orderAgainSchema>;
export const orderParamsSchema = z.object({ id: z.string() });
