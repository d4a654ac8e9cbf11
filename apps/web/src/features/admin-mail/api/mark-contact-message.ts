import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@voltforge/contract/mail';
import { api } from '../../../lib/api/api-client';
import { mailKeys } from './keys';

/** PATCH /api/contact/:id: mark a message read or unread. */
export function markContactMessage(id: string, read: boolean): Promise<ContactMessage> {
  return api.patch(`/contact/${encodeURIComponent(id)}`, { read }, {});
}

export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markContactMessage(id, read),
    // Every Inbox page may show it (the unread filter too).
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.inbox() }),
  });
}
