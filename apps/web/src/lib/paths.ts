import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { publicPages } from '@voltforge/contract/public-pages';

type PathsOf<T> = { [K in keyof T]: T[K] extends { path: infer P } ? P : never };

/** The public pages' paths, from their declaration (`@voltforge/contract/public-pages`). */
const publicPaths = Object.fromEntries(
  Object.entries(publicPages).map(([name, page]) => [name, page.path]),
) as PathsOf<typeof publicPages>;

const { tool: toolPattern, ...publicPathsWithoutId } = publicPaths;

/**
 * Every client route, in one place: the router serves exactly these patterns and links use
 * `paths` (router.test.tsx fails when the two disagree).
 */
const pages = {
  ...publicPathsWithoutId,
  cart: '/cart',
  dashboard: '/dashboard',
  myOrder: '/dashboard/myOrder',
  addReview: '/dashboard/addReview',
  updateProfile: '/dashboard/updateProfile',
  users: '/dashboard/users',
  addTool: '/dashboard/addTool',
  manageOrders: '/dashboard/manageOrders',
  manageTools: mailLinkPaths.manageTools,
  importTools: '/dashboard/importTools',
  manageReviews: '/dashboard/manageReviews',
  forgotPassword: mailLinkPaths.forgotPassword,
  resetPassword: mailLinkPaths.resetPassword,
  verifyEmailResult: mailLinkPaths.verifyEmailResult,
  newsletterConfirm: mailLinkPaths.newsletterConfirm,
  unsubscribe: mailLinkPaths.unsubscribe,
  mail: mailLinkPaths.mail,
  inbox: mailLinkPaths.inbox,
} as const;

const pagesWithId = {
  tool: toolPattern,
  payment: '/dashboard/payment/:id',
  manageOrder: '/dashboard/manageOrder/:id',
  mailMessage: `${mailLinkPaths.mail}/:id`,
} as const;

/** The patterns the router matches, `:id` where a page takes one. */
export const routePatterns = { ...pages, ...pagesWithId };

const withId = (pattern: string) => (id: string) => pattern.replace(':id', encodeURIComponent(id));

/** Where links go. */
export const paths = {
  ...pages,
  reviews: `${pages.home}#reviews`,
  tool: withId(pagesWithId.tool),
  payment: withId(pagesWithId.payment),
  manageOrder: withId(pagesWithId.manageOrder),
  mailMessage: withId(pagesWithId.mailMessage),
} as const;
