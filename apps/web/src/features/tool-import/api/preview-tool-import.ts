import { useMutation } from '@tanstack/react-query';
import type { ToolImportPlan } from '@voltforge/contract/tool-csv';
import { api } from '../../../lib/api/api-client';

/** POST /api/tool/import/preview: the dry run; changes nothing. */
export const previewToolImport = (csv: string): Promise<ToolImportPlan> =>
  api.post('/tool/import/preview', { csv }, {});

export const usePreviewToolImport = () => useMutation({ mutationFn: previewToolImport });
