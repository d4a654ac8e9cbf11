import { orderMessages } from './order-rules.ts';

/**
 * The payment rules and words that pages show or apply without validating a request: no zod, so the
 * payment page does not download the schemas (those are in payment.ts).
 */

/**
 * Which card provider the server uses: the built-in test provider (the embedded default), Stripe,
 * or none (a shop on PostgreSQL without Stripe keys takes no card payments).
 */
export const paymentProviders = ['test', 'stripe', 'none'] as const;

export type PaymentProvider = (typeof paymentProviders)[number];

/** The spec's texts and the card errors, worded like Stripe's so both providers read the same. */
export const paymentMessages = {
  success: 'Congrats! Your payment is completed.',
  testMode: 'Test mode — no real charge',
  paid: 'This order is paid.',
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order was cancelled and cannot be paid.',
  orderNotFound: orderMessages.orderNotFound,
  notYourOrder: 'You can only pay for your own orders.',
  declined: 'Your card was declined.',
  /** Said with every card error: a payment that failed took no money. */
  notCharged: 'You were not charged.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  nonTestCard: 'Your card was declined. This is test mode: use one of the test cards listed.',
  numberRequired: 'Enter your card number.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: "Enter your card's expiration date.",
  expiryInvalid: "Your card's expiration date is incomplete or invalid (use MM / YY).",
  expiryPast: "Your card's expiration date is in the past.",
  cvcRequired: "Enter your card's security code.",
  cvcInvalid: "Your card's security code is incomplete.",
  intentNotFound: 'Payment not found.',
  intentAlreadySucceeded: 'This payment is already completed.',
  testEndpointDisabled: 'Test cards are not accepted: this shop takes real card payments.',
  paymentNotCompleted: 'This payment has not been completed.',
  paymentNotForOrder: 'This payment does not belong to this order.',
  paymentAmountMismatch: 'This payment does not match the order total.',
  unknownTransaction: 'No payment with this transaction id was found.',
  providerUnavailable: 'The card payment service is not available right now. Please try again.',
  stripeNotReady: 'Card payments are not configured yet. Please contact the shop.',
  webhookSignatureInvalid: 'The webhook signature is invalid.',
  webhookNotConfigured: 'Webhooks are not configured on this server.',
  notConfigured: 'Card payments are not configured on this shop.',
  intentCanceled: 'This payment was cancelled with its order and cannot be completed.',
  orderAlreadyPaid: 'This order has already been paid.',
} as const;

/** Stripe's test cards, which the test provider honours with Stripe's outcomes. */
export const testCardOutcomes = [
  'succeeds',
  'declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
] as const;

export type TestCardOutcome = (typeof testCardOutcomes)[number];

export interface TestCard {
  number: string;
  outcome: TestCardOutcome;
  description: string;
}

export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'succeeds', description: 'Succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined' },
  {
    number: '4000000000009995',
    outcome: 'insufficient_funds',
    description: 'Insufficient funds',
  },
  { number: '4000000000000069', outcome: 'expired_card', description: 'Expired card' },
  { number: '4000000000000127', outcome: 'incorrect_cvc', description: 'Incorrect CVC' },
  { number: '4000000000000119', outcome: 'processing_error', description: 'Processing error' },
  { number: '5555555555554444', outcome: 'succeeds', description: 'Succeeds (Mastercard)' },
];

/** 4242424242424242 → "4242 4242 4242 4242" (American Express groups 4-6-5). */
export function formatCardNumber(digits: string): string {
  const clean = digits.replace(/\D/g, '');
  if (/^3[47]/.test(clean)) {
    return [clean.slice(0, 4), clean.slice(4, 10), clean.slice(10, 15)].filter(Boolean).join(' ');
  }
  return clean.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every real card number satisfies; catches most typos before a round trip. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function expiryInPast(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
