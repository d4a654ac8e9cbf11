import { formatNumber } from './format-number.ts';

/*
 * Incoming batches of a tool (docs/payments.md, "Supply and availability"): what staff expect
 * from the line and when, moved and received. Without zod.
 */

export const MAX_BATCH_QUANTITY = 1_000_000;

/** A lead time is 1 to 104 weeks (two years); beyond that nothing honest can be promised. */
export const MIN_LEAD_TIME_WEEKS = 1;
export const MAX_LEAD_TIME_WEEKS = 104;

export const supplyMessages = {
  quantity: `A batch is a whole number of pieces from 1 to ${formatNumber(MAX_BATCH_QUANTITY)}.`,
  expectedOn: 'A batch is expected today or later: give its date as YYYY-MM-DD.',
  notFound: 'No such batch.',
  toolNotFound: 'No such tool.',
  received: (date: string) => `This batch was received on ${date}; it cannot change any more.`,
  receiveTooMuch: (quantity: number) =>
    `You can receive at most the batch's ${formatNumber(quantity)} pieces; add another batch for more.`,
  stockTooLarge: 'Receiving this batch would put more in stock than the shop can count.',
  added: 'Batch added.',
  moved: 'Batch moved.',
  receivedToast: (quantity: number) => `Received ${formatNumber(quantity)} into stock.`,
  leadTime: `A lead time is a whole number of weeks from ${MIN_LEAD_TIME_WEEKS} to ${MAX_LEAD_TIME_WEEKS}.`,
  backorderNeedsLeadTime:
    'A tool sold beyond its stock needs a lead time: it dates what no batch covers.',
  settingsSaved: 'Back-order settings saved.',
} as const;
