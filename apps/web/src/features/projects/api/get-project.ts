import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

const pathOf = (id: string, revision?: number) =>
  revision === undefined
    ? `/projects/${encodeURIComponent(id)}`
    : `/projects/${encodeURIComponent(id)}/revisions/${revision}`;

/** GET /api/projects/:id (its latest revision), or one revision of it. */
export function getProject(id: string, revision?: number, signal?: AbortSignal): Promise<Project> {
  return api.get(pathOf(id, revision), { signal });
}

export const projectQuery = (id: string, revision?: number) =>
  queryOptions({
    queryKey: revision === undefined ? projectKeys.detail(id) : projectKeys.revision(id, revision),
    queryFn: ({ signal }) => getProject(id, revision, signal),
    meta: { read: pathOf(id, revision) },
  });

export function useProject(id: string, revision?: number) {
  return useQuery(projectQuery(id, revision));
}
