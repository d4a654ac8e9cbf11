import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactMessageListSchema, type ContactMessage } from '@voltforge/contract/mail';
import { fetchPage, type Page } from '../../../lib/paged-fetch';
import { MAIL_PAGE_SIZE, mailKeys } from './mail-keys';

/** GET /api/contact: a page of the Inbox, newest first; `unread` shows only unread messages. */
export const contactMessagesQuery = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: mailKeys.inboxPage(page, unread),
    queryFn: ({ signal }): Promise<Page<ContactMessage>> =>
      fetchPage(`/contact?page=${page}&pageSize=${MAIL_PAGE_SIZE}${unread ? '&unread=true' : ''}`, {
        schema: contactMessageListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useContactMessages = (page: number, unread: boolean) =>
  useQuery(contactMessagesQuery(page, unread));
