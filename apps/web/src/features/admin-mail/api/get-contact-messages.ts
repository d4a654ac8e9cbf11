import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@voltforge/contract/mail';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';
import { MAIL_PAGE_SIZE, mailKeys } from './keys';

/** GET /api/contact: one page of the Inbox, newest first; `unread` keeps only unread messages. */
export function getContactMessages(
  page: number,
  unread: boolean,
  signal?: AbortSignal,
): Promise<Page<ContactMessage>> {
  const filter = unread ? '&unread=true' : '';
  return fetchPage(`/contact?page=${page}&pageSize=${MAIL_PAGE_SIZE}${filter}`, signal);
}

export const contactMessagesQuery = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: mailKeys.inboxPage(page, unread),
    queryFn: ({ signal }) => getContactMessages(page, unread, signal),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(page: number, unread: boolean) {
  return useQuery(contactMessagesQuery(page, unread));
}
