import { paths } from '../../lib/paths';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { MAIL_PAGE_SIZE } from './api/keys';
import { useMails } from './api/get-mails';
import { formatTime } from './format-time';
import { MailStatusBadge } from './mail-status-badge';
import { Pager } from '../../components/ui/pager';
import { mailKindLabels, type MailDetail } from '@voltforge/contract/mail';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMail } from './api/get-mail';
/*
 * The Mail page and one mail's page share a module: one chunk for the admin's mail reading, and
 * one route entry fewer in the code every visitor downloads.
 */

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
                  {mail.attachment ? (
                    <div className="text-sm [overflow-wrap:anywhere]" data-testid="mail-attachment">
                      <span className="text-base-content/75">Attachment:</span>{' '}
                      <span className="font-mono">{mail.attachment.filename}</span>
                    </div>
                  ) : null}
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

/** Links to this shop in the text version become clickable; anything else stays plain text. */
function LinkedText({ text }: { text: string }) {
  const origin = window.location.origin;
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith(`${origin}/`) ? (
          <a key={index} href={part} className="link link-primary break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-3">
      <dt className="w-32 shrink-0 text-sm text-base-content/75">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function MailView({ mail }: { mail: MailDetail }) {
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <>
      <dl className="mb-4 flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4">
        <Fact label="To">{mail.to}</Fact>
        <Fact label="Kind">{mailKindLabels[mail.kind]}</Fact>
        {mail.attachment ? (
          <Fact label="Attachment">
            <span className="font-mono" data-testid="mail-attachment">
              {mail.attachment.filename}
            </span>
          </Fact>
        ) : null}
        <Fact label="Status">
          <MailStatusBadge status={mail.status} />
        </Fact>
        <Fact label="Written">{formatTime(mail.createdAt)}</Fact>
        {mail.sentAt ? <Fact label="Sent">{formatTime(mail.sentAt)}</Fact> : null}
        <Fact label="Attempts">{mail.attempts}</Fact>
        {mail.nextAttemptAt ? (
          <Fact label="Next attempt">{formatTime(mail.nextAttemptAt)}</Fact>
        ) : null}
        {mail.lastError ? <Fact label="Last error">{mail.lastError}</Fact> : null}
      </dl>
      <div role="tablist" aria-label="Version" className="tabs tabs-box mb-3 w-fit">
        {(['html', 'text'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={`tab ${view === v ? 'tab-active' : ''}`}
            onClick={() => setView(v)}
          >
            {v === 'html' ? 'HTML' : 'Text'}
          </button>
        ))}
      </div>
      {view === 'html' ? (
        // An empty sandbox: the mail's HTML can run nothing and reach nothing of this page.
        <iframe
          title="HTML version"
          sandbox=""
          srcDoc={mail.html}
          className="h-[40rem] w-full rounded-box border border-base-300 bg-white"
        />
      ) : (
        <pre
          aria-label="Text version"
          className="whitespace-pre-wrap rounded-box border border-base-300 bg-base-100 p-4 font-mono text-sm [overflow-wrap:anywhere]"
        >
          <LinkedText text={mail.text} />
        </pre>
      )}
    </>
  );
}

export function MailMessagePage() {
  usePageMeta('Mail', 'Voltforge administration: one mail.');
  const { id = '' } = useParams();
  const mail = useMail(id);
  return (
    <section aria-labelledby="mail-message-heading">
      <Link to={paths.mail} className="btn btn-link btn-sm mb-2 px-0">
        ← All mail
      </Link>
      <h2 id="mail-message-heading" className="mb-4 text-2xl font-bold [overflow-wrap:anywhere]">
        {mail.data?.subject ?? 'Mail'}
      </h2>
      {mail.isPending ? (
        <Spinner block label="Loading the mail" />
      ) : mail.isError ? (
        <QueryError message={mail.error.message} onRetry={() => void mail.refetch()} />
      ) : (
        <MailView mail={mail.data} />
      )}
    </section>
  );
}
