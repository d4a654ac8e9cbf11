/** A module of the web app (relative to apps/web) that starts a chunk of its own. */
export type WebModule = `src/${string}.tsx`;

/** A page behind sign-in that the server renders for its reader. */
export interface SignedInPage {
  /** The route pattern, `:id` where the page takes one. */
  path: string;
  /**
   * The module whose stylesheet the page is styled with in place of a visitor's (its layout's,
   * the whole shop's): linked in the page's HTML, so it paints styled, with one sheet.
   */
  styles?: WebModule;
  /**
   * The modules the page's code starts from (its layout, the page), for its HTML to list their
   * chunks: fetched alongside the entry and added a few at a time by the boot script, not all at
   * once by the entry while it is evaluated (docs/performance.md, "Signed-in pages and
   * pictures"). A page that is also a public page has its public page's.
   */
  modules?: readonly WebModule[];
}

const dashboardLayout: WebModule = 'src/app/layout/dashboard-layout.tsx';

/**
 * The parts of the site's frame only a signed-in reader sees (the navbar's account menu and the
 * account's cart count), which a visitor never loads: every page rendered for its reader lists
 * their chunks with its own, so they are here when it hydrates instead of being asked for then.
 */
export const signedInFrameModules: readonly WebModule[] = [
  'src/app/layout/user-menu.tsx',
  'src/app/layout/account-cart-link.tsx',
];

/**
 * The pages behind sign-in that the server renders for their reader (docs/decisions/
 * 019-slow-phones.md): the pages a signed-in customer or admin opens first. Any other page behind
 * sign-in is painted by the browser. A visitor asking for one is served the app's shell, which
 * sends them to sign in; a page that is also one of the public pages (the home page, the
 * catalogue, a tool's page: anyone may read them; a signed-in reader gets their own navbar, cart
 * and order form from the first paint) is served to them as everyone gets it.
 */
export const signedInPages: readonly SignedInPage[] = [
  {
    path: '/dashboard',
    styles: dashboardLayout,
    modules: [dashboardLayout, 'src/app/dashboard-home.tsx'],
  },
  {
    path: '/dashboard/myOrder',
    styles: dashboardLayout,
    modules: [dashboardLayout, 'src/features/my-orders/my-orders-page.tsx'],
  },
  {
    path: '/dashboard/payment/:id',
    styles: dashboardLayout,
    modules: [dashboardLayout, 'src/features/payment/payment-page.tsx'],
  },
  { path: '/cart', modules: ['src/features/cart/cart-page.tsx'] },
  { path: '/tool/:id' },
  { path: '/' },
  { path: '/tools' },
];

const matchers = signedInPages.map((page) => ({
  page,
  pattern: new RegExp(`^${page.path.replace(':id', '[^/]+')}$`),
}));

/** The signed-in page at `pathname`, if it is one the server renders. */
export function matchSignedInPage(pathname: string): SignedInPage | undefined {
  return matchers.find(({ pattern }) => pattern.test(pathname))?.page;
}
