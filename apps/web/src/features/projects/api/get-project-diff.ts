import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDiff } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** GET /api/projects/:id/diff?from&to: what changed between two revisions. */
export function getProjectDiff(
  id: string,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<ProjectDiff> {
  return api.get(`/projects/${encodeURIComponent(id)}/diff?from=${from}&to=${to}`, { signal });
}

export function useProjectDiff(id: string, from: number, to: number) {
  return useQuery(
    queryOptions({
      queryKey: projectKeys.diff(id, from, to),
      queryFn: ({ signal }) => getProjectDiff(id, from, to, signal),
      enabled: from !== to,
    }),
  );
}
