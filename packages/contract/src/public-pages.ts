import type { CatalogState } from './catalog.ts';
import { SITE_NAME, type PageMeta } from './page-meta.ts';

/**
 * How the server makes a public page's first paint (docs/architecture.md, "Pages"): `static`
 * pages carry no data and are made once; the others show what their loaders read, are made again
 * when the catalogue changes, and are titled and linked by kind (the catalogue by what it shows,
 * a tool's page by its own URL).
 */
export type FirstPaint = 'static' | 'home' | 'catalogue' | 'categories' | 'tool';

/**
 * One page anyone may open, as the server serves it: its path, head and kind of first paint. The
 * page's code is the web app's page table's to name (apps/web, app/pages.ts).
 */
export interface PublicPage {
  /** The route pattern, `:id` where the page takes one. */
  path: string;
  /** The title and description the served HTML carries and the page sets when navigated to. */
  meta: PageMeta;
  firstPaint: FirstPaint;
}

/**
 * Every public page: the server's first paint and the sitemap are made from this list, and the web
 * app's page table takes their paths from it. The odd spellings (`/catagories`, `/itSupport`) stay
 * because people and links already use them.
 */
export const publicPages = {
  home: {
    path: '/',
    firstPaint: 'home',
    meta: {
      title: SITE_NAME,
      description:
        'Voltforge makes electrical and electronic tools and components. Browse the catalogue, order in bulk and track your orders.',
    },
  },
  about: {
    path: '/about',
    firstPaint: 'static',
    meta: {
      title: 'About Us',
      description:
        'Who Voltforge is: a manufacturer of electrical and electronic tools and components, designing, building and supporting every product since 2004.',
    },
  },
  categories: {
    path: '/catagories',
    firstPaint: 'categories',
    meta: {
      title: 'Categories',
      description:
        'Browse Voltforge tools by category: test and measurement, soldering, power supplies, power tools, hand tools and components.',
    },
  },
  itSupport: {
    path: '/itSupport',
    firstPaint: 'static',
    meta: {
      title: 'Our Support Section',
      description:
        'Voltforge support: help with orders, deliveries, wiring questions, calibration, repairs and warranty, 24/7.',
    },
  },
  design: {
    path: '/design',
    firstPaint: 'static',
    meta: {
      title: 'Design and Development',
      description:
        'Voltforge design and development services: circuit and PCB design, firmware, enclosures, prototypes and certification for your electronic product.',
    },
  },
  tools: {
    path: '/tools',
    firstPaint: 'catalogue',
    meta: {
      title: 'Tools',
      description:
        'The full Voltforge catalogue: test and measurement, soldering, power supplies, hand tools and components, ready to order in bulk.',
    },
  },
  tool: {
    path: '/tool/:id',
    firstPaint: 'tool',
    meta: {
      title: 'Place To Orders',
      description: 'Order a Voltforge tool: choose a quantity and where to deliver it.',
    },
  },
  summary: {
    path: '/summary',
    firstPaint: 'static',
    meta: {
      title: 'Summary',
      description:
        'Voltforge at a glance: how many tools and categories we sell, stock on hand, prices and what customers rate us.',
    },
  },
  portfolio: {
    path: '/portfolio',
    firstPaint: 'static',
    meta: {
      title: 'Portfolio',
      description:
        'Alex Morgan, Full-stack web developer: career objective, skills, projects and education.',
    },
  },
  blog: {
    path: '/blog',
    firstPaint: 'static',
    meta: {
      title: 'Blog',
      description:
        'Questions and answers from the Voltforge web team: React performance and state, prototypal inheritance, immutable state, product search and unit tests.',
    },
  },
  login: {
    path: '/login',
    firstPaint: 'static',
    meta: {
      title: 'Login',
      description: 'Log in to your Voltforge account to order tools and track your orders.',
    },
  },
  register: {
    path: '/register',
    firstPaint: 'static',
    meta: {
      title: 'Register',
      description: 'Create a Voltforge account to order tools, pay online and leave reviews.',
    },
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof publicPages;

type MetaOf<T> = { [K in keyof T]: T[K] extends { meta: infer M } ? M : never };

/** Each public page's title and description, by page. */
export const pageMeta = Object.fromEntries(
  Object.entries(publicPages).map(([name, page]) => [name, page.meta]),
) as MetaOf<typeof publicPages>;

/** The catalogue's title names what it shows: a search, a category, or every tool. */
export function catalogTitle(state: Pick<CatalogState, 'search' | 'category'>): string {
  if (state.search) return `Tools matching “${state.search}”`;
  return state.category || publicPages.tools.meta.title;
}

const matchers = Object.values(publicPages as Record<string, PublicPage>).map((page) => ({
  page,
  pattern: new RegExp(`^${page.path.replace(/:[^/]+/g, '([^/]+)')}$`),
}));

/**
 * The public page at `pathname` and its `:id` as written in the path (still percent-encoded);
 * undefined when no public page is there.
 */
export function matchPublicPage(pathname: string): { page: PublicPage; id?: string } | undefined {
  for (const { page, pattern } of matchers) {
    const found = pattern.exec(pathname);
    if (found) return { page, id: found[1] };
  }
  return undefined;
}
