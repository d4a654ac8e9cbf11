import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolImportApplyInput, ToolImportResult } from '@voltforge/contract/tool-csv';
import { api } from '../../../lib/api/api-client';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/tool/import: applies the previewed file, all or nothing. */
export const applyToolImport = (input: ToolImportApplyInput): Promise<ToolImportResult> =>
  api.post('/tool/import', input, {});

export function useApplyToolImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToolImport,
    // Tools appear or change in every list, category and tool page (the back office's too).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
