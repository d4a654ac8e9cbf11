/** The quotes' queries: the buyer's list, staff's queue, one quote. */
export const quoteKeys = {
  all: ['quotes'] as const,
  mine: () => [...quoteKeys.all, 'mine'] as const,
  queue: (state: string, q: string) => [...quoteKeys.all, 'queue', state, q] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};
