import { useMutation } from '@tanstack/react-query';
import type { BomPreview } from '@voltforge/contract/project';
import type { BomMapping } from '@voltforge/contract/project-bom';
import { api } from '../../../lib/api/api-client';

/** POST /api/projects/import/preview: a bill of materials read, each row judged; nothing saved. */
export function previewBom(input: { text: string; mapping?: BomMapping }): Promise<BomPreview> {
  return api.post('/projects/import/preview', input);
}

export function usePreviewBom() {
  return useMutation({ mutationFn: previewBom });
}
