import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectInput } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** POST /api/projects (a new project), or PUT /api/projects/:id (its next revision). */
export function saveProject(input: ProjectInput, id?: string): Promise<Project> {
  return id === undefined
    ? api.post('/projects', input)
    : api.put(`/projects/${encodeURIComponent(id)}`, input);
}

export function useSaveProject(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) => saveProject(input, id),
    onSuccess: (project) => queryClient.setQueryData(projectKeys.detail(project.id), project),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
