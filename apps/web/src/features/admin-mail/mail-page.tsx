import { mailKindLabels } from '@voltforge/contract/mail';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/use-page-meta';
import { MAIL_PAGE_SIZE } from './api/keys';
import { useMails } from './api/get-mails';
import { formatTime } from './format-time';
import { MailStatusBadge } from './mail-status-badge';
import { Pager } from './pager';

/**
 * The Mail page: every mail the shop wrote and what became of it. Without a mail server this is
 * where they are read (a password-reset link on a fresh checkout, for example).
 */
export function MailPage() {
  usePageMeta('Mail', 'Voltforge administration: the mails the shop sent or kept.');
  const [page, setPage] = useState(1);
  const mails = useMails(page);

  return (
    <section aria-labelledby="mail-heading">
      <header className="mb-4">
        <h2 id="mail-heading" className="text-2xl font-bold">
          Mail{mails.data ? ` (${mails.data.total})` : ''}
        </h2>
        <p className="mt-1 text-base-content/75">
          Newest first. Open a mail to read its HTML and text versions.
        </p>
      </header>
      {mails.isPending ? (
        <Spinner block label="Loading mail" />
      ) : mails.isError ? (
        <QueryError message={mails.error.message} onRetry={() => void mails.refetch()} />
      ) : mails.data.items.length === 0 ? (
        <p className="text-base-content/75">No mail yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {mails.data.items.map((mail) => (
              <li
                key={mail.id}
                className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.mailMessage(mail.id)}
                    className="link link-hover font-medium [overflow-wrap:anywhere]"
                  >
                    {mail.subject}
                  </Link>
                  <div className="text-sm text-base-content/75 [overflow-wrap:anywhere]">
                    To {mail.to} · {mailKindLabels[mail.kind]}
                  </div>
                  {mail.lastError ? (
                    <div className="text-sm text-error [overflow-wrap:anywhere]">
                      Last error: {mail.lastError}
                    </div>
                  ) : null}
                </div>
                <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
                  <MailStatusBadge status={mail.status} />
                  <time dateTime={mail.createdAt} className="text-sm text-base-content/75">
                    {formatTime(mail.createdAt)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={MAIL_PAGE_SIZE}
            total={mails.data.total}
            label="Mail pages"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
