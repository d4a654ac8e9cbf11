/** Query keys of the Mail and Inbox pages, under the back office's 'admin' root. */
export const mailKeys = {
  all: ['admin', 'mail'] as const,
  pages: () => [...mailKeys.all, 'page'] as const,
  page: (page: number) => [...mailKeys.pages(), page] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
  inbox: () => ['admin', 'inbox'] as const,
  inboxPage: (page: number, unread: boolean) => [...mailKeys.inbox(), page, unread] as const,
};

export const MAIL_PAGE_SIZE = 25;
