/** Query keys of the Mail and Inbox pages; they start with 'admin', like every back-office key. */
export const mailKeys = {
  all: ['admin', 'mail'] as const,
  list: (page: number) => [...mailKeys.all, 'list', page] as const,
  one: (id: string) => [...mailKeys.all, 'one', id] as const,
  inbox: ['admin', 'inbox'] as const,
  inboxPage: (page: number, unread: boolean) => [...mailKeys.inbox, page, unread] as const,
};

export const MAIL_PAGE_SIZE = 25;
