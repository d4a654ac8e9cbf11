import type { CatalogState } from './catalog.ts';

/**
 * The title and description of each public page. The server writes them into the HTML it serves
 * (so crawlers and link previews see them without running the app), and each page sets the same
 * ones when the app navigates to it.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'Voltforge';

/** What the browser tab shows: the page's title with the shop's name. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
}

export const pageMeta = {
  home: {
    title: SITE_NAME,
    description:
      'Voltforge makes electrical and electronic tools and components. Browse the catalogue, order in bulk and track your orders.',
  },
  about: {
    title: 'About Us',
    description:
      'Who Voltforge is: a manufacturer of electrical and electronic tools and components, designing, building and supporting every product since 2004.',
  },
  categories: {
    title: 'Categories',
    description:
      'Browse Voltforge tools by category: test and measurement, soldering, power supplies, power tools, hand tools and components.',
  },
  itSupport: {
    title: 'Our Support Section',
    description:
      'Voltforge support: help with orders, deliveries, wiring questions, calibration, repairs and warranty, 24/7.',
  },
  design: {
    title: 'Design and Development',
    description:
      'Voltforge design and development services: circuit and PCB design, firmware, enclosures, prototypes and certification for your electronic product.',
  },
  tools: {
    title: 'Tools',
    description:
      'The full Voltforge catalogue: test and measurement, soldering, power supplies, hand tools and components, ready to order in bulk.',
  },
  tool: {
    title: 'Place To Orders',
    description: 'Order a Voltforge tool: choose a quantity and where to deliver it.',
  },
  summary: {
    title: 'Summary',
    description:
      'Voltforge at a glance: how many tools and categories we sell, stock on hand, prices and what customers rate us.',
  },
  blog: {
    title: 'Blog',
    description:
      'Questions and answers from the Voltforge web team: React performance and state, prototypal inheritance, immutable state, product search and unit tests.',
  },
  login: {
    title: 'Login',
    description: 'Log in to your Voltforge account to order tools and track your orders.',
  },
  register: {
    title: 'Register',
    description: 'Create a Voltforge account to order tools, pay online and leave reviews.',
  },
} as const satisfies Record<string, PageMeta>;

/** The catalogue's title names what it shows: a search, a category, or every tool. */
export function catalogTitle(state: Pick<CatalogState, 'search' | 'category'>): string {
  if (state.search) return `Tools matching “${state.search}”`;
  return state.category || pageMeta.tools.title;
}
