/** The signed-in buyer's projects: the projects pages and My Orders' "Save as project" share them. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  revision: (id: string, revision: number) =>
    [...projectKeys.detail(id), 'revision', revision] as const,
  diff: (id: string, from: number, to: number) =>
    [...projectKeys.detail(id), 'diff', from, to] as const,
};
