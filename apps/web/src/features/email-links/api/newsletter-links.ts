import { useMutation } from '@tanstack/react-query';
import type { NewsletterLinkResult } from '@voltforge/contract/mail';
import { api } from '../../../lib/api-client';

/** POST /api/newsletter/confirm: the double opt-in link from the confirmation mail. */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (token: string) => api.post<NewsletterLinkResult>('/newsletter/confirm', { token }),
  });
}

/** POST /api/newsletter/unsubscribe: works signed out, with the token from any newsletter mail. */
export function useUnsubscribeNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<NewsletterLinkResult>('/newsletter/unsubscribe', { token }),
  });
}
