import { useMutation } from '@tanstack/react-query';
import type { NewsletterLinkResult } from '@voltforge/contract/mail';
import { api } from '../../../lib/api/api-client';

/** POST /api/newsletter/unsubscribe: works signed out, with the token from a newsletter mail. */
export function unsubscribeNewsletter(token: string): Promise<NewsletterLinkResult> {
  return api.post('/newsletter/unsubscribe', { token }, {});
}

export function useUnsubscribeNewsletter() {
  return useMutation({ mutationFn: unsubscribeNewsletter });
}
