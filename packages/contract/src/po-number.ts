/* The PO number's rule and words, without zod (the checkout form shows them before zod loads). */

/** A buyer's purchase-order number: their own reference, printed on our invoice. */
export const MAX_PO_NUMBER_LENGTH = 35;

export const poNumberMessage = `PO number must be one line of at most ${MAX_PO_NUMBER_LENGTH} characters`;
