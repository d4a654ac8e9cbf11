import { formatNumber } from './format-number.ts';

/*
 * Incoming batches of a tool (docs/payments.md, "Supply and availability"): what staff expect
 * from the line and when, moved and received. Without zod.
 */

export const MAX_BATCH_QUANTITY = 1_000_000;

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
} as const;
