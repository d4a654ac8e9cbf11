import { z } from 'zod';
import { creditMessages, paymentTerms } from './credit-rules.ts';
import { hasAtMostTwoDecimals } from './admin.ts';

/**
 * Payment on account's routes (docs/payments.md, "Payment on account"). Amounts travel in
 * dollars with two decimals, as everywhere at the edge.
 */

const dollars = (message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .refine((v) => hasAtMostTwoDecimals(v), message);

/** PUT /api/admin/companies/:id/account (staff): the company's terms and credit limit. */
export const companyAccountInputSchema = z.strictObject({
  termsDays: z
    .union([z.literal(paymentTerms[0]), z.literal(paymentTerms[1]), z.literal(paymentTerms[2])], {
      error: creditMessages.terms,
    })
    .nullable(),
  creditLimit: dollars(creditMessages.creditLimit).refine(
    (v) => v >= 0 && v <= 10_000_000,
    creditMessages.creditLimit,
  ),
});
export type CompanyAccountInput = z.input<typeof companyAccountInputSchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** POST /api/admin/invoices/:number/payments (staff): a bank transfer received. */
export const invoicePaymentInputSchema = z.strictObject({
  amount: dollars(creditMessages.paymentAmount).refine(
    (v) => v > 0 && v <= 10_000_000,
    creditMessages.paymentAmount,
  ),
  receivedOn: z
    .string({ error: creditMessages.paymentDate })
    .refine(
      (v) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
      creditMessages.paymentDate,
    ),
  reference: z
    .string()
    .trim()
    .max(100, creditMessages.paymentReference)
    .regex(ONE_LINE, creditMessages.paymentReference)
    .optional(),
});
export type InvoicePaymentInput = z.input<typeof invoicePaymentInputSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  receivedOn: z.string(),
  reference: z.string().nullable(),
});

/** An invoice on account, as a statement and staff list it. */
export const accountInvoiceSchema = z.object({
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  poNumber: z.string().nullable(),
  issuedAt: z.string(),
  dueAt: z.string(),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
  overdue: z.boolean(),
  paidAt: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;

/** A company's account: terms, limit, what it owes, and its invoices on account (newest first). */
export const companyStatementSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  owed: z.number(),
  available: z.number(),
  overdue: z.number(),
  invoices: z.array(accountInvoiceSchema),
});
export type CompanyStatement = z.infer<typeof companyStatementSchema>;

/** GET /api/admin/companies (staff): every company with its account figures. */
export const adminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  members: z.number().int(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  owed: z.number(),
  available: z.number(),
  overdue: z.number(),
  openInvoices: z.number().int(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
export const adminCompaniesSchema = z.array(adminCompanySchema);

/** GET /api/admin/companies/:id (staff): the company, its members and its statement. */
export const adminCompanyDetailSchema = companyStatementSchema.extend({
  taxId: z.string().nullable(),
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  ),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;
