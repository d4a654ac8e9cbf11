import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** GET /api/projects: the buyer's projects, last changed first. */
export function getProjects(signal?: AbortSignal): Promise<ProjectSummary[]> {
  return api.get('/projects', { signal });
}

export const projectsQuery = () =>
  queryOptions({
    queryKey: projectKeys.lists(),
    queryFn: ({ signal }) => getProjects(signal),
    meta: { read: '/projects' },
  });

export function useProjects() {
  return useQuery(projectsQuery());
}
