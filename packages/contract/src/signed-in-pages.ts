import { mailLinkPaths } from './mail-links.ts';

/**
 * The pages behind sign-in that the server renders for their reader (docs/decisions/
 * 019-slow-phones.md): the pages a signed-in customer or admin opens first, by route pattern. Any
 * other page behind sign-in is painted by the browser. A visitor asking for one is served the
 * app's shell, which sends them to sign in; a page that is also one of the public pages (the home
 * page, the catalogue, a tool's page: anyone may read them; a signed-in reader gets their own
 * navbar, cart and order form from the first paint) is served to them as everyone gets it. Their
 * code is the web app's page table's to name (apps/web, app/pages.ts).
 */
export const signedInPages: readonly string[] = [
  '/dashboard',
  mailLinkPaths.myOrders,
  '/dashboard/payment/:id',
  '/cart',
  '/tool/:id',
  '/',
  '/tools',
];

const matchers = signedInPages.map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(':id', '[^/]+')}$`),
}));

/** The route pattern of the signed-in page at `pathname`, if it is one the server renders. */
export function matchSignedInPage(pathname: string): string | undefined {
  return matchers.find(({ pattern }) => pattern.test(pathname))?.path;
}
