import type { ContactMessage } from '@voltforge/contract/mail';
import { useState } from 'react';
import { toast } from '../../lib/page/toast';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { errorMessage } from '../../lib/api/api-client';
import { useContactMessages } from './api/get-contact-messages';
import { MAIL_PAGE_SIZE } from './api/keys';
import { useMarkContactMessage } from './api/mark-contact-message';
import { formatTime } from './format-time';
import { Pager } from '../../components/ui/pager';

const topicLabels: Record<ContactMessage['topic'], string> = {
  support: 'Support',
  design: 'Design',
};

/** The Inbox: what visitors wrote on the support and design contact forms. */
export function InboxPage() {
  usePageMeta('Inbox', 'Voltforge administration: contact messages.');
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const messages = useContactMessages(page, unreadOnly);
  const mark = useMarkContactMessage();

  return (
    <section aria-labelledby="inbox-heading">
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="inbox-heading" className="text-2xl font-bold">
            Inbox{messages.data ? ` (${messages.data.total})` : ''}
          </h2>
          <p className="mt-1 text-base-content/75">
            Messages from the contact forms, newest first.
          </p>
        </div>
        <label className="label cursor-pointer gap-2">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.target.checked);
              setPage(1);
            }}
          />
          Unread only
        </label>
      </header>
      {messages.isPending ? (
        <Spinner block label="Loading messages" />
      ) : messages.isError ? (
        <QueryError message={messages.error.message} onRetry={() => void messages.refetch()} />
      ) : messages.data.items.length === 0 ? (
        <p className="text-base-content/75">
          {unreadOnly ? 'Nothing unread.' : 'No messages yet.'}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {messages.data.items.map((message) => {
              const unread = message.readAt === null;
              const busy = mark.isPending && mark.variables.id === message.id;
              return (
                <li
                  key={message.id}
                  className={`rounded-box border bg-base-100 p-4 ${unread ? 'border-primary' : 'border-base-300'}`}
                >
                  <article aria-label={`Message from ${message.name}`}>
                    <div className="mb-2 flex flex-wrap items-center gap-2">
                      {unread ? <span className="badge badge-primary badge-sm">Unread</span> : null}
                      <span className="badge badge-soft badge-sm">
                        {topicLabels[message.topic]}
                      </span>
                      <span className="font-medium [overflow-wrap:anywhere]">{message.name}</span>
                      <a
                        href={`mailto:${message.email}`}
                        className="link link-hover text-sm [overflow-wrap:anywhere]"
                      >
                        {message.email}
                      </a>
                      <time dateTime={message.createdAt} className="text-sm text-base-content/75">
                        {formatTime(message.createdAt)}
                      </time>
                    </div>
                    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {message.message}
                    </p>
                    <button
                      type="button"
                      className="btn btn-sm mt-3"
                      disabled={busy}
                      onClick={() =>
                        mark.mutate(
                          { id: message.id, read: unread },
                          { onError: (error) => toast.error(errorMessage(error)) },
                        )
                      }
                    >
                      {unread ? 'Mark read' : 'Mark unread'}
                    </button>
                  </article>
                </li>
              );
            })}
          </ul>
          <Pager
            page={page}
            pageSize={MAIL_PAGE_SIZE}
            total={messages.data.total}
            label="Inbox pages"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
