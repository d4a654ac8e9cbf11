import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageSchema } from '@voltforge/contract/mail';
import { api } from '../../../lib/api-client';
import { mailKeys } from './mail-keys';

/** PATCH /api/contact/:id: mark a message read or unread. */
export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api.patch(`/contact/${encodeURIComponent(id)}`, { read }, { schema: contactMessageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.inbox }),
  });
}
