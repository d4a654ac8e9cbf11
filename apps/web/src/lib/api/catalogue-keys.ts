import type { ToolListQueryInput } from '@voltforge/contract/tool';

/*
 * The query keys of the catalogue's data, its tools and their reviews, in one module: a few bytes
 * each, and as modules of their own they were chunks of their own on the home page.
 */

/**
 * Query keys for tool data. The catalogue, the home page, the order page and the back office all
 * read these, so each piece of data has one key and one invalidation reaches every page.
 */
export const toolKeys = {
  all: ['tools'] as const,
  lists: () => [...toolKeys.all, 'list'] as const,
  list: (query: ToolListQueryInput) => [...toolKeys.lists(), query] as const,
  /** The catalogue's list with its filters' counts; under `lists`, so it is invalidated with them. */
  search: (query: ToolListQueryInput) => [...toolKeys.lists(), 'search', query] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
  categories: () => [...toolKeys.all, 'categories'] as const,
};

/**
 * Query keys for reviews: the home page and Manage Reviews read the lists, the review form adds
 * to them and hiding one changes them.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  latest: (limit: number) => [...reviewKeys.lists(), 'latest', limit] as const,
  everyone: (page: number) => [...reviewKeys.lists(), 'everyone', page] as const,
};
