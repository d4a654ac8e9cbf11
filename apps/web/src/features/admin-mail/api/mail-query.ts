import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailDetailSchema } from '@voltforge/contract/mail';
import { api } from '../../../lib/api-client';
import { mailKeys } from './mail-keys';

/** GET /api/mail/:id: one mail with its HTML and text. */
export const mailQuery = (id: string) =>
  queryOptions({
    queryKey: mailKeys.one(id),
    queryFn: ({ signal }) =>
      api.get(`/mail/${encodeURIComponent(id)}`, { schema: mailDetailSchema, signal }),
  });

export const useMail = (id: string) => useQuery(mailQuery(id));
