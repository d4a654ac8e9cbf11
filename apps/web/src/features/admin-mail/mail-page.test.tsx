import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage, MailDetail } from '@voltforge/contract/mail';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, slow, stubFetch } from '../../test/page-harness';
import { renderRoutes } from '../../test/render-route';
import { InboxPage } from './inbox-page';
import { MailMessagePage, MailPage } from './mail-page';

/** Form filling with user-event is slow on a busy two-core machine. */
const SLOW_TEST_MS = 15_000;

afterEach(() => vi.unstubAllGlobals());

const link = `${window.location.origin}/reset-password?token=abc`;
const mail: MailDetail = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Reset your Voltforge password',
  kind: 'password_reset',
  status: 'kept',
  attempts: 0,
  lastError: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  attachment: null,
  html: '<p>Reset</p>',
  text: `Choose a new password:\n${link}\nSee https://elsewhere.example/x`,
};

function renderMail(path: string) {
  return renderRoutes(
    [
      { path: '/dashboard/mail', element: <MailPage /> },
      { path: '/dashboard/mail/:id', element: <MailMessagePage /> },
    ],
    path,
  );
}

describe('Mail page', () => {
  it(
    'lists mails with recipient, subject, status and time, and opens one',
    async () => {
      const { html: _html, text: _text, ...summary } = mail;
      stubFetch((url) => {
        if (url.startsWith('/api/mail?page=1'))
          return json(200, [summary], { 'X-Total-Count': '1' });
        if (url === '/api/mail/m1') return json(200, mail);
        return undefined;
      });
      const user = userEvent.setup();
      renderMail('/dashboard/mail');

      const item = (await screen.findByRole('link', { name: mail.subject }, slow)).closest('li')!;
      expect(within(item).getByText(/To ada@example.com/)).toBeInTheDocument();
      expect(within(item).getByText('Kept (not sent)')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Mail (1)' })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: mail.subject }));
      expect(await screen.findByTitle('HTML version', {}, slow)).toHaveAttribute('sandbox', '');
      await user.click(screen.getByRole('tab', { name: 'Text' }));
      const text = screen.getByLabelText('Text version');
      // Links to this shop are clickable; links elsewhere stay text.
      expect(within(text).getByRole('link', { name: link })).toHaveAttribute('href', link);
      expect(within(text).queryByRole('link', { name: /elsewhere/ })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'names the PDF a mail carries, in the list and on its page',
    async () => {
      const refundMail: MailDetail = {
        ...mail,
        id: 'm2',
        subject: 'Refund of $10.83 for your Voltforge order VF-10042',
        kind: 'order_refunded',
        attachment: { kind: 'credit_note', id: 'refund-1', filename: 'CN-2026-000003.pdf' },
      };
      const { html: _html, text: _text, ...summary } = refundMail;
      const { html: _h, text: _t, ...plain } = mail;
      stubFetch((url) => {
        if (url.startsWith('/api/mail?page=1'))
          return json(200, [summary, plain], { 'X-Total-Count': '2' });
        if (url === '/api/mail/m2') return json(200, refundMail);
        return undefined;
      });
      const user = userEvent.setup();
      renderMail('/dashboard/mail');

      const link = await screen.findByRole('link', { name: refundMail.subject }, slow);
      expect(within(link.closest('li')!).getByTestId('mail-attachment')).toHaveTextContent(
        'Attachment: CN-2026-000003.pdf',
      );
      const other = screen.getByRole('link', { name: mail.subject }).closest('li')!;
      expect(within(other).queryByTestId('mail-attachment')).not.toBeInTheDocument();

      await user.click(link);
      expect(await screen.findByTestId('mail-attachment', {}, slow)).toHaveTextContent(
        'CN-2026-000003.pdf',
      );
      expect(screen.getByText('Refund and credit note')).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the error of a mail that could not be found',
    async () => {
      stubFetch(() => json(404, { error: { code: 'not_found', message: 'Mail not found.' } }));
      renderMail('/dashboard/mail/nope');
      expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Mail not found.');
    },
    SLOW_TEST_MS,
  );
});

describe('Inbox page', () => {
  it(
    'marks an unread message read',
    async () => {
      const message: ContactMessage = {
        id: 'c1',
        topic: 'support',
        name: 'Grace',
        email: 'grace@example.com',
        message: 'My meter shows OL.',
        createdAt: '2026-01-01T10:00:00.000Z',
        readAt: null,
      };
      let readAt: string | null = null;
      const fetchMock = stubFetch((url, init) => {
        if (url.startsWith('/api/contact?')) {
          return json(200, [{ ...message, readAt }], { 'X-Total-Count': '1' });
        }
        if (url === '/api/contact/c1' && init?.method === 'PATCH') {
          readAt = '2026-01-02T10:00:00.000Z';
          return json(200, { ...message, readAt });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderRoutes([{ path: '/dashboard/inbox', element: <InboxPage /> }], '/dashboard/inbox');

      const article = await screen.findByRole('article', { name: 'Message from Grace' }, slow);
      expect(within(article).getByText('Unread')).toBeInTheDocument();
      await user.click(within(article).getByRole('button', { name: 'Mark read' }));
      expect(
        await within(article).findByRole('button', { name: 'Mark unread' }),
      ).toBeInTheDocument();
      expect(within(article).queryByText('Unread')).not.toBeInTheDocument();
      const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
      expect(JSON.parse(patch?.[1]?.body as string)).toEqual({ read: true });
    },
    SLOW_TEST_MS,
  );
});
