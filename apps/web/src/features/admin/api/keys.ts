/** Query keys only the back office reads. Tools and orders use the shared keys in lib/api. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (page: number, search: string) => [...adminKeys.users(), page, search] as const,
};
