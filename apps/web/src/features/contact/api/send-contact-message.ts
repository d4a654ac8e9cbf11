import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResult } from '@voltforge/contract/content';
import { api } from '../../../lib/api/api-client';

/** POST /api/contact: stores the message; nothing cached changes. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResult> {
  return api.post('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
