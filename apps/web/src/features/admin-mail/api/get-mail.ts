import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailDetail } from '@voltforge/contract/mail';
import { api } from '../../../lib/api/api-client';
import { mailKeys } from './keys';

/** GET /api/mail/:id: one mail with its HTML and text. */
export function getMail(id: string, signal?: AbortSignal): Promise<MailDetail> {
  return api.get(`/mail/${encodeURIComponent(id)}`, { signal });
}

export const mailQuery = (id: string) =>
  queryOptions({ queryKey: mailKeys.detail(id), queryFn: ({ signal }) => getMail(id, signal) });

export function useMail(id: string) {
  return useQuery(mailQuery(id));
}
