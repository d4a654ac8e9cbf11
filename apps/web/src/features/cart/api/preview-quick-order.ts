import { useMutation } from '@tanstack/react-query';
import type { QuickOrderPreview } from '@voltforge/contract/quick-order';
import { api } from '../../../lib/api/api-client';

/** POST /api/quick-order/preview: a verdict for every line of a pasted or uploaded list. */
export function previewQuickOrder(text: string): Promise<QuickOrderPreview> {
  return api.post('/quick-order/preview', { text });
}

export function usePreviewQuickOrder() {
  return useMutation({ mutationFn: previewQuickOrder });
}
