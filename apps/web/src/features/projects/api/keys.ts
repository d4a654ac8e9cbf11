/** The signed-in buyer's projects (one factory for the feature's queries). */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  revision: (id: string, revision: number) =>
    [...projectKeys.detail(id), 'revision', revision] as const,
  diff: (id: string, from: number, to: number) =>
    [...projectKeys.detail(id), 'diff', from, to] as const,
};
