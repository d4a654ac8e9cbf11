import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailSummary } from '@voltforge/contract/mail';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';
import { MAIL_PAGE_SIZE, mailKeys } from './keys';

/** GET /api/mail: one page of the outbox, newest first. */
export function getMails(page: number, signal?: AbortSignal): Promise<Page<MailSummary>> {
  return fetchPage(`/mail?page=${page}&pageSize=${MAIL_PAGE_SIZE}`, signal);
}

export const mailsQuery = (page: number) =>
  queryOptions({
    queryKey: mailKeys.page(page),
    queryFn: ({ signal }) => getMails(page, signal),
    placeholderData: keepPreviousData,
    // Statuses move on their own (pending, then sent or kept): keep the open page current.
    refetchInterval: 10_000,
  });

export function useMails(page: number) {
  return useQuery(mailsQuery(page));
}
