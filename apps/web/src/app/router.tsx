import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import { pageHydrated } from '../lib/first-paint/hydration';
import { loaderOf } from '../lib/first-paint/page-loader';
import { routePatterns } from '../lib/paths';
import { publicPages, type PublicPage } from '@voltforge/contract/public-pages';

/** Each lazy page's element → loads its code (see `page`). */
const pageLoaders = new WeakMap<object, () => Promise<void>>();

/**
 * A lazy page: its code is a separate chunk fetched on first visit, while the nearest
 * `<Suspense>` (around the layout's outlet) shows a spinner on a first load and, on a
 * navigation, keeps the previous page (navigations render in a transition, see navigation.tsx).
 * `pick` names the export, so renaming a page breaks the build instead of the route. A chunk
 * that cannot be fetched (offline, or gone after a deploy) rejects, and the layout's error
 * boundary offers a reload.
 *
 * Once its code is loaded (`preloadRoutes`), the page renders directly instead of suspending:
 * a server-rendered page must hydrate with its page already there, or React would keep the
 * server's HTML dehydrated, and throw it away if anything above it changed meanwhile.
 *
 * The page's module may export a `loader` (lib/first-paint/page-loader.ts): the reads its first
 * render needs, which the server makes before rendering it (React Router's `lazy`, which only the
 * server's data router calls: the browser's router never loads it).
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element' | 'lazy'> {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        // A failed download must not stick: the next visit tries again.
        loading = undefined;
        throw error;
      },
    ));
  const LazyPage = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  function Page() {
    useEffect(pageHydrated, []);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const element = <Page />;
  pageLoaders.set(element, preload);
  // Only the server runs loaders: the browser's build leaves them out.
  if (!import.meta.env.SSR) return { element };
  return { element, lazy: async () => ({ loader: loaderOf(await load()) }) };
}

const adminRoutes: RouteObject[] = [
  {
    path: routePatterns.users,
    ...page(
      () => import('../features/admin/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: routePatterns.addTool,
    ...page(
      () => import('../features/admin/add-tool-page'),
      (m) => m.AddToolPage,
    ),
  },
  {
    path: routePatterns.manageOrders,
    ...page(
      () => import('../features/admin/manage-orders-page'),
      (m) => m.ManageOrdersPage,
    ),
  },
  {
    path: routePatterns.manageTools,
    ...page(
      () => import('../features/admin/manage-tools-page'),
      (m) => m.ManageToolsPage,
    ),
  },
  {
    path: routePatterns.importTools,
    ...page(
      () => import('../features/tool-import/tool-import-page'),
      (m) => m.ToolImportPage,
    ),
  },
  {
    path: routePatterns.manageReviews,
    ...page(
      () => import('../features/admin/manage-reviews-page'),
      (m) => m.ManageReviewsPage,
    ),
  },
  {
    // One order of the back office's order table, with its actions.
    path: routePatterns.manageOrder,
    ...page(
      () => import('../features/admin/manage-order-page'),
      (m) => m.ManageOrderPage,
    ),
  },
  {
    path: routePatterns.mail,
    ...page(
      () => import('../features/admin-mail/mail-page'),
      (m) => m.MailPage,
    ),
  },
  {
    path: routePatterns.mailMessage,
    ...page(
      () => import('../features/admin-mail/mail-page'),
      (m) => m.MailMessagePage,
    ),
  },
  {
    path: routePatterns.inbox,
    ...page(
      () => import('../features/admin-mail/inbox-page'),
      (m) => m.InboxPage,
    ),
  },
];

const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    ...page(
      () => import('./dashboard-home'),
      (m) => m.DashboardHome,
    ),
  },
  {
    path: routePatterns.myOrder,
    ...page(
      () => import('../features/my-orders/my-orders-page'),
      (m) => m.MyOrdersPage,
    ),
  },
  {
    path: routePatterns.addReview,
    ...page(
      () => import('../features/reviews/add-review-page'),
      (m) => m.AddReviewPage,
    ),
  },
  {
    path: routePatterns.payment,
    ...page(
      () => import('../features/payment/payment-page'),
      (m) => m.PaymentPage,
    ),
  },
  {
    path: routePatterns.updateProfile,
    ...page(
      () => import('../features/profile/update-profile-page'),
      (m) => m.UpdateProfilePage,
    ),
  },
  {
    // The admin guard is lazy too: visitors never need admin code.
    ...page(
      () => import('./guards/require-admin'),
      (m) => m.RequireAdmin,
    ),
    children: adminRoutes,
  },
];

/**
 * The code of every feature's pages, each fetched on first visit; the public pages are picked from
 * here by their declaration.
 */
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>(
  '../features/*/*-page.tsx',
);

/** A public page as declared (`@voltforge/contract/public-pages`). */
function declaredPage(declared: PublicPage) {
  const load = pageModules[`../${declared.module.slice('src/'.length)}`];
  if (!load) throw new Error(`No page module ${declared.module}`);
  return page(load, (module) => {
    const component = module[declared.component];
    if (!component) throw new Error(`${declared.module} exports no ${declared.component}`);
    return component;
  });
}

const declaredPages: PublicPage[] = Object.values(publicPages);

const publicRoutes: RouteObject[] = [
  ...declaredPages
    .filter((declared) => !declared.signInAfterPaint)
    .map((declared) => ({ path: declared.path, ...declaredPage(declared) })),
  {
    // Anyone may fill a cart; checking out asks a visitor to sign in. A plain client route, not a
    // declared public page: a cart is this browser's or this account's, nothing to serve or index.
    path: routePatterns.cart,
    ...page(
      () => import('../features/cart/cart-page'),
      (m) => m.CartPage,
    ),
  },
  {
    path: routePatterns.forgotPassword,
    ...page(
      () => import('../features/password-reset/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: routePatterns.resetPassword,
    ...page(
      () => import('../features/password-reset/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: routePatterns.verifyEmailResult,
    ...page(
      () => import('../features/email-links/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: routePatterns.newsletterConfirm,
    ...page(
      () => import('../features/email-links/newsletter-confirm-page'),
      (m) => m.NewsletterConfirmPage,
    ),
  },
  {
    path: routePatterns.unsubscribe,
    ...page(
      () => import('../features/email-links/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: routePatterns.dashboard,
    ...page(
      () => import('./layout/dashboard-layout'),
      (m) => m.DashboardLayout,
    ),
    children: dashboardRoutes,
  },
];

/** Public pages that paint while the session is read, then ask a visitor to sign in. */
const signedInEarlyRoutes: RouteObject[] = declaredPages
  .filter((declared) => declared.signInAfterPaint)
  .map((declared) => ({ path: declared.path, ...declaredPage(declared) }));

/**
 * Every page of the shop; the paths come from paths.ts, which links use too, and the public pages
 * from their declaration.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The site frame's reads for a signed-in reader (their cart's count), in the chunk a
    // signed-in reader loads for it anyway; on the server only, as every loader.
    ...(import.meta.env.SSR && {
      lazy: async () => ({ loader: loaderOf(await import('./layout/account-cart-link')) }),
    }),
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: signedInRoutes },
      { element: <RequireAuth pageWhileChecking />, children: signedInEarlyRoutes },
    ],
  },
  {
    path: '*',
    ...page(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

/**
 * Loads the code of every lazy page (layouts and guards included) that renders `pathname`, so it
 * renders without suspending: before hydrating a server-rendered page, and on the server.
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const element = match.route.element;
      const load = element && typeof element === 'object' ? pageLoaders.get(element) : undefined;
      return load ? load() : Promise.resolve();
    }),
  );
}

/** The page of the current address; the not-found page is the one outside the site frame. */
export function AppRoutes() {
  return <Suspense fallback={<Spinner block />}>{useRoutes(routes)}</Suspense>;
}
