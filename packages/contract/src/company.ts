import { z } from 'zod';
import { addressSchema } from './address.ts';
import { companyMessages, companyRoles } from './company-rules.ts';
import { companySchema, taxIdSchema } from './profile.ts';
import { emailSchema } from './user.ts';

/**
 * Company accounts (docs/architecture.md, "Data model"): colleagues who buy together. A person
 * belongs to at most one company; a person without one buys as before.
 */

export const companyRoleSchema = z.enum(companyRoles, { error: companyMessages.role });

/** POST /api/company (the caller becomes its admin), PUT /api/company (admins). */
export const companyInputSchema = z.strictObject({
  name: companySchema.pipe(z.string({ error: companyMessages.name }).min(1, companyMessages.name)),
  taxId: taxIdSchema,
  /** Printed on its invoices; '' for none yet. */
  billingAddress: z.union([z.literal(''), addressSchema]).default(''),
  /** Every order of a member must carry a PO number. */
  poRequired: z.boolean().default(false),
  /** Buyers see every order of the company, not only their own. */
  buyersSeeAllOrders: z.boolean().default(false),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyValues = z.output<typeof companyInputSchema>;

/** POST /api/company/invitations (admins). */
export const invitationInputSchema = z.strictObject({
  email: emailSchema,
  role: companyRoleSchema,
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** POST /api/company/join: the token from the invitation's link. */
export const joinCompanySchema = z.strictObject({ token: z.string().min(1).max(200) });

/** PUT /api/company/members/:userId (admins). */
export const memberRoleInputSchema = z.strictObject({ role: companyRoleSchema });
export const memberParamsSchema = z.object({ userId: z.string() });

export const companyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  /** A buyer's limits in dollars (null: none); over them, checkout asks an approver. */
  orderLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  joinedAt: z.string(),
});

export const companyInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  expiresAt: z.string(),
});

/** GET /api/company: the caller's company (null when none), its members and open invitations. */
export const companyAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  billingAddress: z.string().nullable(),
  poRequired: z.boolean(),
  buyersSeeAllOrders: z.boolean(),
  /** Payment on account, when staff granted terms: the days, and the credit left (dollars). */
  account: z.object({ termsDays: z.number().int(), available: z.number() }).nullable(),
  /** The caller's role in it. */
  role: companyRoleSchema,
  members: z.array(companyMemberSchema),
  /** Invitations not yet used or expired (admins see them; others get []). */
  invitations: z.array(companyInvitationSchema),
});
export type Company = z.infer<typeof companyAnswerSchema>;
