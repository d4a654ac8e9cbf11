/*
 * Payment on account (docs/payments.md, "Payment on account"): a company's terms, its credit
 * and its words, without zod (pages show them before zod loads).
 */

/** The terms staff may grant: an invoice on account is due this many days after it is issued. */
export const paymentTerms = [15, 30, 60] as const;
export type PaymentTermsDays = (typeof paymentTerms)[number];

/**
 * The ledger's kinds: an order on account holds its total; a payment received settles part of it;
 * a cancellation releases what was still owed.
 */
export const creditEntryKinds = ['hold', 'settle', 'release'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

/** How many days before its due date an open invoice is reminded (and once after it). */
export const REMIND_DAYS_BEFORE = 3;

const DAY_MS = 86_400_000;

/** When an invoice issued at `issuedAt` on `termsDays` falls due. */
export function dueDate(issuedAt: Date, termsDays: number): Date {
  return new Date(issuedAt.getTime() + termsDays * DAY_MS);
}

/**
 * What a company may still buy on account, in cents: the limit less what it owes (its open holds:
 * the unpaid part of every invoice on account). The placement function computes the same under
 * the company's lock (place-orders.sql); it is never below zero.
 */
export function availableCredit(limitCents: number, owedCents: number): number {
  return Math.max(0, limitCents - owedCents);
}

export const creditMessages = {
  payOnInvoice: 'Pay on invoice',
  payByCard: 'Pay by card',
  noTerms: 'Your company has no payment terms: pay by card, or ask us for an account.',
  overCredit: (left: string, total: string) =>
    `This order (${total}) is more than your company's available credit (${left}). Pay by card, or pay open invoices first.`,
  terms: 'Terms must be 15, 30 or 60 days, or none',
  creditLimit: 'Credit limit must be a dollar amount of 0 or more',
  limitBelowOwed: (owed: string) =>
    `The credit limit cannot be below what the company owes now (${owed}).`,
  termsSaved: 'Payment terms saved',
  paymentAmount: 'Amount must be more than 0, in dollars and cents',
  paymentTooLarge: (open: string) => `That is more than is open on this invoice (${open}).`,
  paymentDate: 'Use a date like 2026-11-30, not in the future.',
  paymentReference: 'Reference must be one line of at most 100 characters',
  paymentRecorded: 'Payment recorded',
  invoicePaid: 'This invoice is paid in full already.',
  notOnAccount: 'This invoice was paid by card: there is nothing to record.',
  invoiceNotFound: 'Invoice not found.',
  orderCancelled: 'This order was cancelled: its invoice is closed.',
  companyNotFound: 'Company not found.',
  statementAdminOnly: 'Only an admin of the company can see its statement.',
  cannotRefundOnAccount:
    'This order is on account: cancel it to release the credit, or record the payments received.',
} as const;

/** "Net 30", or "Card only" when the company has no terms. */
export function termsLabel(termsDays: number | null): string {
  return termsDays === null ? 'Card only' : `Net ${termsDays}`;
}
