/* No zod here: the web app's route table imports these paths into its entry chunk. */

/**
 * The shop pages that mails link to (each prefixed with PUBLIC_URL by the server); the web app's
 * routes use the same paths.
 */
export const mailLinkPaths = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmailResult: '/verify-email',
  newsletterConfirm: '/newsletter/confirm',
  unsubscribe: '/unsubscribe',
  myOrders: '/dashboard/myOrder',
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  mail: '/dashboard/mail',
  inbox: '/dashboard/inbox',
  manageTools: '/dashboard/manageTools',
  /** The back office's order table, and one order with its actions. */
  manageOrders: '/dashboard/manageOrders',
  manageOrder: (orderId: string) => `/dashboard/manageOrder/${encodeURIComponent(orderId)}`,
  /** Where an invitation's link lands (`?join=<token>`): the company section of the profile. */
  joinCompany: '/dashboard/updateProfile',
  /** Where approvers decide: the company section of the profile. */
  approvals: '/dashboard/updateProfile',
  /** A buyer's quote, and the same quote in staff's queue. */
  quote: (quoteId: string) => `/dashboard/quotes/${encodeURIComponent(quoteId)}`,
  manageQuote: (quoteId: string) => `/dashboard/manageQuotes/${encodeURIComponent(quoteId)}`,
} as const;

/** A reset link is good for one use within this time. */
export const PASSWORD_RESET_TOKEN_HOURS = 1;
