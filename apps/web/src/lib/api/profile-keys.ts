/** Keyed by user, so a different account signing in on this tab never sees the last one's data. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};
