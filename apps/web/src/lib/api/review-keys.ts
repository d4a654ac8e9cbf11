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
