/**
 * The Verified buyer badge on a review. Apart from review.ts, which brings zod, so the home page
 * that shows the badge loads no validation code.
 */
export const verifiedBuyerBadge = {
  label: 'Verified buyer',
  hint: 'This customer has paid for an order at Voltforge',
} as const;
