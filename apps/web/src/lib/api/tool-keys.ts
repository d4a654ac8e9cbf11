import type { ToolListQueryInput } from '@voltforge/contract/tool';

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
