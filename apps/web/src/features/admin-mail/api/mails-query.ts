import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailListSchema, type MailSummary } from '@voltforge/contract/mail';
import { fetchPage, type Page } from '../../../lib/paged-fetch';
import { MAIL_PAGE_SIZE, mailKeys } from './mail-keys';

/** GET /api/mail: a page of the outbox, newest first. */
export const mailsQuery = (page: number) =>
  queryOptions({
    queryKey: mailKeys.list(page),
    queryFn: ({ signal }): Promise<Page<MailSummary>> =>
      fetchPage(`/mail?page=${page}&pageSize=${MAIL_PAGE_SIZE}`, {
        schema: mailListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    // Statuses move on their own (pending → sent); keep the page current while it is open.
    refetchInterval: 10_000,
  });

export const useMails = (page: number) => useQuery(mailsQuery(page));
