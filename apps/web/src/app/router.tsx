import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import { pageHydrated } from '../lib/first-paint/hydration';
import { loaderOf } from '../lib/first-paint/page-loader';
import { componentOf, pages, type Access, type PageLine } from '../lib/pages';

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

/**
 * The code of every public page in the table (lib/pages.ts), each fetched on first visit; the
 * pages behind sign-in are listed by their layout (`dashboardPageModules`). A module the table
 * names that is in neither (or does not export its component) throws its name, and fails
 * app/public-pages.test.tsx.
 */
const publicPageModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../features/*/*-page.tsx',
  '!../features/{admin,admin-overview,admin-mail,tool-import,my-orders,payment,profile,projects,quotes,supply}/*-page.tsx',
  '!../features/reviews/add-review-page.tsx',
]);

const loadDashboardLayout = () => import('./layout/dashboard-layout');

/** A page's code: a public page's from the entry's list, one behind sign-in through its layout. */
function loaderOfModule(
  line: PageLine,
): (() => Promise<Record<string, ComponentType | undefined>>) | undefined {
  if (line.access === 'signed in' || line.access === 'admin') {
    const key = line.module.startsWith('app/')
      ? `../${line.module.slice(4)}`
      : `../../${line.module}`;
    return async () => {
      const load = (await loadDashboardLayout()).dashboardPageModules[key];
      if (!load) throw new Error(line.module);
      return load();
    };
  }
  return publicPageModules[`../${line.module}`];
}

/** The route of one line of the page table. */
function routeOf(line: PageLine): RouteObject {
  const load = loaderOfModule(line);
  if (!load) throw new Error(line.module);
  const route = page(load, (module) => {
    const component = module[componentOf(line)];
    if (!component) throw new Error(line.module);
    return component;
  });
  // The dashboard's own page is its layout's index.
  return line.path === pages.dashboard.path
    ? { index: true, ...route }
    : { path: line.path, ...route };
}

const lines: PageLine[] = Object.values(pages);
const routesOf = (access: Access) => lines.filter((line) => line.access === access).map(routeOf);

const signedInRoutes: RouteObject[] = [
  {
    path: pages.dashboard.path,
    ...page(loadDashboardLayout, (m) => m.DashboardLayout),
    children: [
      ...routesOf('signed in'),
      {
        // The admin guard is lazy too: visitors never need admin code.
        ...page(
          () => import('./guards/require-admin'),
          (m) => m.RequireAdmin,
        ),
        children: routesOf('admin'),
      },
    ],
  },
];

/** Every page of the shop, as the page table (lib/pages.ts) lists them, in the site's frame. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The site frame's reads for a signed-in reader (their cart's count), in the chunk a
    // signed-in reader loads for it anyway; on the server only, as every loader.
    ...(import.meta.env.SSR && {
      lazy: async () => ({ loader: loaderOf(await import('./layout/account-cart-link')) }),
    }),
    children: [
      ...routesOf('public'),
      { element: <RequireAuth />, children: signedInRoutes },
      {
        element: <RequireAuth pageWhileChecking />,
        children: routesOf('public, sign in after paint'),
      },
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
