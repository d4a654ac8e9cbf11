import { useMutation } from '@tanstack/react-query';
import type { NewsletterResult } from '@voltforge/contract/content';
import { api } from '../../../lib/api/api-client';

/** POST /api/newsletter: stores the address; nothing cached changes. */
export function subscribeToNewsletter(email: string): Promise<NewsletterResult> {
  return api.post('/newsletter', { email });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
