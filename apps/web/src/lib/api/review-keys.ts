/** Query keys for reviews: the home page reads the lists, the review form adds to them. */
export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  latest: (limit: number) => [...reviewKeys.lists(), 'latest', limit] as const,
};
