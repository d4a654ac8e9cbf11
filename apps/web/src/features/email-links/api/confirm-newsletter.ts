import { useMutation } from '@tanstack/react-query';
import type { NewsletterLinkResult } from '@voltforge/contract/mail';
import { api } from '../../../lib/api/api-client';

/** POST /api/newsletter/confirm: the double opt-in link from the confirmation mail. */
export function confirmNewsletter(token: string): Promise<NewsletterLinkResult> {
  return api.post('/newsletter/confirm', { token }, {});
}

export function useConfirmNewsletter() {
  return useMutation({ mutationFn: confirmNewsletter });
}
