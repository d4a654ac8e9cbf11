/**
 * The query key of the shop's shipping and tax terms (get-shop-terms.ts). Apart from the request,
 * so the entry can seed the terms a page came with without loading the charges code.
 */
export const shopTermsKey = ['shop', 'terms'] as const;
