import { useMutation } from '@tanstack/react-query';
import type { ToolImageUpload } from '@voltforge/contract/tool-image';
import { api } from '../../../lib/api/api-client';

/**
 * POST /api/tool-image: the picture file as it is. Nothing cached changes: the picture is only
 * a tool's once a tool is saved with its address.
 */
export function uploadToolImage(file: Blob): Promise<ToolImageUpload> {
  // A file whose type the browser could not tell is sent as bytes of no stated kind.
  const typed = file.type ? file : new Blob([file], { type: 'application/octet-stream' });
  return api.post('/tool-image', typed);
}

export function useUploadToolImage() {
  return useMutation({ mutationFn: uploadToolImage });
}
