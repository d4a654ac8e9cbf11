import { pages, type PageName } from './pages';

type WithId<P> = P extends `${string}:id${string}` ? true : false;
type PatternOf<N extends PageName> = (typeof pages)[N]['path'];

const withId = (pattern: string) => (id: string) => pattern.replace(':id', encodeURIComponent(id));

/**
 * Where links go: a page's path, or for a page that takes an `:id`, a function of the id (encoded
 * into the path).
 */
export const paths = {
  ...(Object.fromEntries(
    Object.entries(pages).map(([name, page]) => [
      name,
      page.path.includes(':id') ? withId(page.path) : page.path,
    ]),
  ) as {
    [N in PageName]: WithId<PatternOf<N>> extends true ? (id: string) => string : PatternOf<N>;
  }),
  reviews: `${pages.home.path}#reviews`,
} as const;
