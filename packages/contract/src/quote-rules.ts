import { taxCents } from './charges.ts';
import { addDays, startOfDayIn } from './calendar.ts';

import { formatNumber } from './format-number.ts';
import { formatCents } from './money.ts';

/*
 * Quotes (docs/payments.md, "Quotes"): a buyer's request for prices (several quantities per
 * line), staff's answer in locked revisions, and the one order an accepted revision becomes.
 * Without zod (pages show these before zod loads).
 */

/** What is stored; a sent quote past its expiry reads as 'expired' (`quoteStateOf`). */
export const quoteStatuses = ['requested', 'sent', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const quoteStates = [...quoteStatuses, 'expired'] as const;
export type QuoteState = (typeof quoteStates)[number];

export const quoteStateLabels: Record<QuoteState, string> = {
  requested: 'Waiting for our answer',
  sent: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export const quoteSources = ['cart', 'project', 'tool'] as const;
export type QuoteSource = (typeof quoteSources)[number];

export const QUOTE_LIMITS = {
  lines: 200,
  tiers: 5,
  offers: 5,
  quantity: 1_000_000,
  text: 200,
  note: 2_000,
  reason: 300,
  /** The most dollars one unit may be quoted at, and the most freight. */
  unitPrice: 1_000_000,
  freight: 1_000_000,
  leadTimeWeeks: 104,
} as const;

/** A quote is valid for at most this many days after it is sent. */
export const MAX_VALID_DAYS = 366;

/** Q-2026-000001: the year it was asked for and its place in that year. */
export function quoteNumber(year: number, seq: number): string {
  return `Q-${year}-${String(seq).padStart(6, '0')}`;
}

/** A sent quote past its expiry is expired; every other status is what is stored. */
export function quoteStateOf(
  status: QuoteStatus,
  expiresAt: Date | string | null,
  now: Date,
): QuoteState {
  if (status !== 'sent' || expiresAt === null) return status;
  return new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : 'sent';
}

/**
 * The moment a quote valid until `validUntil` (YYYY-MM-DD) expires: the end of that day in the
 * seller's time zone, which is the first instant of the next day there.
 */
export function quoteExpiresAt(validUntil: string, timeZone: string): Date {
  return startOfDayIn(addDays(validUntil, 1), timeZone);
}

/** One offer as the charges need it. */
export interface OfferPrice {
  quantity: number;
  unitPriceCents: number;
}

/** What an accepted selection of a revision charges: its lines, the freight, and tax on both. */
export interface QuoteCharges {
  goodsCents: number;
  freightCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The one rule for what a quote charges: Σ offers (quantity × quoted unit price) + the freight
 * stated + tax at the stated rate on goods and freight together, rounded once, as an order's
 * (charges.ts `taxCents`). The buyer sees exactly this before accepting; the order charges it.
 */
export function quoteCharges(
  offers: readonly OfferPrice[],
  freightCents: number,
  taxRateBasisPoints: number,
): QuoteCharges {
  const goodsCents = offers.reduce((sum, o) => sum + o.quantity * o.unitPriceCents, 0);
  const tax = taxCents(goodsCents + freightCents, taxRateBasisPoints);
  return { goodsCents, freightCents, taxCents: tax, totalCents: goodsCents + freightCents + tax };
}

export const quoteMessages = {
  lines: `A request holds 1 to ${formatNumber(QUOTE_LIMITS.lines)} lines. Split a longer one.`,
  partText: `Say which part: a part number or a description of up to ${QUOTE_LIMITS.text} characters, on one line.`,
  quantity: `Quantities are whole numbers from 1 to ${formatNumber(QUOTE_LIMITS.quantity)}.`,
  tiers: `List 1 to ${QUOTE_LIMITS.tiers} quantities per line, smallest first, each once.`,
  targetPrice: 'A target price is a unit price above $0.00, in dollars and cents.',
  customerRef: `Your reference is one line of up to ${QUOTE_LIMITS.text} characters.`,
  note: `A note is up to ${formatNumber(QUOTE_LIMITS.note)} characters.`,
  date: 'Give a date as YYYY-MM-DD.',
  neededBy: 'Needed by is a date from today on.',
  requestKey: 'requestKey must be a UUID the page makes once per request.',
  unknownTool: 'One of the tools asked for does not exist (any more).',
  unknownProject: 'That project is not one of yours.',
  validUntil: 'Valid until is a date from today to a year from now.',
  tooLarge: 'These offers could add up to more than one order can hold. Split the quote.',
  unitPrice: 'A unit price is above $0.00 and at most $1,000,000.00, in dollars and cents.',
  freight: 'Freight is $0.00 or more, at most $1,000,000.00, in dollars and cents.',
  taxRate: 'The tax rate is a percentage from 0 to 100 with at most two decimals.',
  leadTime: `A lead time is a whole number of weeks from 0 (from stock) to ${QUOTE_LIMITS.leadTimeWeeks}.`,
  offers: `Each line has 0 to ${QUOTE_LIMITS.offers} offers, smallest quantity first, each quantity once.`,
  noOffer: 'Offer at least one line before sending.',
  offerRule: (lineNo: number) =>
    `Line ${lineNo}: an offer's quantity is at least its minimum and a whole multiple of its multiple.`,
  offerLines: 'Answer every line of the request once (a line you cannot offer has no offers).',
  offerTool: (lineNo: number) => `Line ${lineNo}: choose a tool we sell for each offer.`,
  sameTool: (partNumber: string) =>
    `${partNumber} is offered on two lines. Offer each tool on one line only.`,
  revisionNumber: 'revision is the number this revision takes: one more than the latest sent.',
  revisedMeanwhile: (latest: number) =>
    `Revision ${latest} was sent meanwhile. Reload the quote, then send the next one.`,
  notAnswerable:
    'Only a quote waiting for an answer, or answered and not yet decided, can be revised.',
  notFound: 'No such quote.',
  notAnswered: 'This quote has not been answered yet.',
  noRevision: 'This quote has no such revision.',
  newerRevision: (revision: number) =>
    `This quote has a newer revision (${revision}). Read it, then accept it if it suits you.`,
  expired: (date: string) => `This quote expired at the end of ${date}. Ask for a new one.`,
  accepted: (orderNumber: string) => `This quote was already accepted: it is order ${orderNumber}.`,
  declined: 'This quote was declined.',
  choose: 'Choose an offer for at least one line.',
  chooseOnce: 'Choose at most one offer per line.',
  unknownOffer: 'One of the offers chosen is not in this revision.',
  reason: `Say why in one line of up to ${QUOTE_LIMITS.reason} characters.`,
  message: `A message is 1 to ${formatNumber(QUOTE_LIMITS.note)} characters.`,
  short: (lines: readonly string[]) =>
    `Not enough in stock now for ${lines.join('; ')}. Accept the other lines, or write to us: we can quote a delivery date.`,
  overLimit: (limit: string) =>
    `This order is over your limit of ${limit}. Ask your company's approver or admin to accept the quote.`,
  total: (cents: number) => `Total ${formatCents(cents)}`,
} as const;
