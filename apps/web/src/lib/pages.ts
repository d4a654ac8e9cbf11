import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { publicPages, type PublicPageName } from '@voltforge/contract/public-pages';

/*
 * The page table: every page of the shop, one line each (docs/architecture.md, "Pages"). Plain
 * data, no React: the router makes its routes from it, links take their paths from it (paths.ts),
 * and the build reads it for each page's code (vite.config.ts), so it imports nothing heavier than
 * the contract's paths.
 */

/**
 * Who may open a page: anyone; anyone, and a visitor is asked to sign in once the page has
 * painted (a tool's page: anyone may read it, only a customer may order); a signed-in reader
 * (the account's pages, inside the dashboard's layout); an admin (the back office, in the same
 * layout behind the admin guard).
 */
export type Access = 'public' | 'public, sign in after paint' | 'signed in' | 'admin';

/** A page's module under src/ (`features/home/home-page.tsx`). */
export type PageModule = `${'features' | 'app'}/${string}.tsx`;

export interface PageLine {
  /** The route pattern, `:id` where the page takes one. */
  path: string;
  access: Access;
  /**
   * The module, which exports the page's component under its name in PascalCase
   * (`project-page.tsx`: `ProjectPage`), unless `component` names another. The module may also
   * export a `loader` (lib/first-paint/page-loader.ts): the reads its first render needs, made on
   * the server.
   */
  module: PageModule;
  component?: string;
}

/** The component a line's module exports for it: named by the line, or after the module. */
export function componentOf(page: PageLine): string {
  if (page.component) return page.component;
  const file = page.module.slice(page.module.lastIndexOf('/') + 1, -'.tsx'.length);
  return file.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) =>
    letter.toUpperCase(),
  );
}

const line = <const P extends string, const A extends Access>(
  path: P,
  access: A,
  module: PageModule,
  component?: string,
) => ({ path, access, module, ...(component && { component }) });

/** A public page: its path, title and description are the contract's, which the server serves. */
const declared = <N extends PublicPageName>(name: N, module: PageModule) =>
  line(publicPages[name].path as (typeof publicPages)[N]['path'], 'public', module);

export const pages = {
  home: declared('home', 'features/home/home-page.tsx'),
  about: declared('about', 'features/company/about-page.tsx'),
  categories: declared('categories', 'features/catalog/categories-page.tsx'),
  itSupport: declared('itSupport', 'features/contact/it-support-page.tsx'),
  design: declared('design', 'features/contact/design-page.tsx'),
  tools: declared('tools', 'features/catalog/tools-page.tsx'),
  tool: line(
    publicPages.tool.path,
    'public, sign in after paint',
    'features/place-order/tool-order-page.tsx',
  ),
  summary: declared('summary', 'features/summary/summary-page.tsx'),
  portfolio: declared('portfolio', 'features/company/portfolio-page.tsx'),
  blog: declared('blog', 'features/company/blog-page.tsx'),
  login: declared('login', 'features/auth/login-page.tsx'),
  register: declared('register', 'features/auth/register-page.tsx'),
  // Anyone may fill a cart; checking out asks a visitor to sign in. Not a declared public page: a
  // cart is this browser's or this account's, nothing to index.
  cart: line('/cart', 'public', 'features/cart/cart-page.tsx'),
  forgotPassword: line(
    mailLinkPaths.forgotPassword,
    'public',
    'features/password-reset/forgot-password-page.tsx',
  ),
  resetPassword: line(
    mailLinkPaths.resetPassword,
    'public',
    'features/password-reset/reset-password-page.tsx',
  ),
  verifyEmailResult: line(
    mailLinkPaths.verifyEmailResult,
    'public',
    'features/email-links/verify-email-page.tsx',
  ),
  newsletterConfirm: line(
    mailLinkPaths.newsletterConfirm,
    'public',
    'features/email-links/newsletter-confirm-page.tsx',
  ),
  unsubscribe: line(
    mailLinkPaths.unsubscribe,
    'public',
    'features/email-links/unsubscribe-page.tsx',
  ),

  dashboard: line('/dashboard', 'signed in', 'app/dashboard-home.tsx'),
  myOrder: line(mailLinkPaths.myOrders, 'signed in', 'features/my-orders/my-orders-page.tsx'),
  addReview: line('/dashboard/addReview', 'signed in', 'features/reviews/add-review-page.tsx'),
  payment: line('/dashboard/payment/:id', 'signed in', 'features/payment/payment-page.tsx'),
  projects: line('/dashboard/projects', 'signed in', 'features/projects/projects-page.tsx'),
  project: line('/dashboard/projects/:id', 'signed in', 'features/projects/project-page.tsx'),
  // The buyer's quotes, and a new request (?cart, ?project=<id>, ?tool=<id>, ?copy=<id>, ?new).
  quotes: line('/dashboard/quotes', 'signed in', 'features/quotes/quotes-page.tsx'),
  quote: line('/dashboard/quotes/:id', 'signed in', 'features/quotes/quotes-page.tsx', 'QuotePage'),
  updateProfile: line(
    '/dashboard/updateProfile',
    'signed in',
    'features/profile/update-profile-page.tsx',
  ),

  users: line('/dashboard/users', 'admin', 'features/admin/users-page.tsx'),
  addTool: line('/dashboard/addTool', 'admin', 'features/admin/add-tool-page.tsx'),
  manageOrders: line('/dashboard/manageOrders', 'admin', 'features/admin/manage-orders-page.tsx'),
  // One order of the back office's order table, with its actions.
  manageOrder: line('/dashboard/manageOrder/:id', 'admin', 'features/admin/manage-order-page.tsx'),
  manageTools: line(mailLinkPaths.manageTools, 'admin', 'features/admin/manage-tools-page.tsx'),
  // Staff's queue of quotes, and one quote with its editor.
  manageQuotes: line('/dashboard/manageQuotes', 'admin', 'features/quotes/manage-quotes-page.tsx'),
  manageQuote: line(
    '/dashboard/manageQuotes/:id',
    'admin',
    'features/quotes/manage-quotes-page.tsx',
    'ManageQuotePage',
  ),
  importTools: line('/dashboard/importTools', 'admin', 'features/tool-import/tool-import-page.tsx'),
  manageReviews: line(
    '/dashboard/manageReviews',
    'admin',
    'features/admin/manage-reviews-page.tsx',
  ),
  companies: line('/dashboard/companies', 'admin', 'features/admin/companies-page.tsx'),
  supply: line('/dashboard/supply', 'admin', 'features/supply/supply-page.tsx'),
  mail: line(mailLinkPaths.mail, 'admin', 'features/admin-mail/mail-page.tsx'),
  mailMessage: line(
    `${mailLinkPaths.mail}/:id`,
    'admin',
    'features/admin-mail/mail-page.tsx',
    'MailMessagePage',
  ),
  inbox: line(mailLinkPaths.inbox, 'admin', 'features/admin-mail/inbox-page.tsx'),
} as const satisfies Record<string, PageLine>;

export type PageName = keyof typeof pages;

/** The layout around every page behind sign-in, whose stylesheet those pages are styled with. */
export const dashboardLayoutModule: PageModule = 'app/layout/dashboard-layout.tsx';

/**
 * The parts of the site's frame only a signed-in reader sees (the navbar's account menu and the
 * account's cart count), which a visitor never loads: a page rendered for its reader lists their
 * code with its own, so it is there when the page hydrates instead of being asked for then.
 */
export const signedInFrameModules: readonly PageModule[] = [
  'app/layout/user-menu.tsx',
  'app/layout/account-cart-link.tsx',
];

/** The modules a page's code starts from: its layout's, then its own. */
export function modulesOf(page: PageLine): PageModule[] {
  const inDashboard = page.access === 'signed in' || page.access === 'admin';
  return inDashboard ? [dashboardLayoutModule, page.module] : [page.module];
}
