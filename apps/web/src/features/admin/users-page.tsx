import { dateFormat } from '@voltforge/contract/format-date';
import { SearchForm } from '../../components/ui/search-form';
import { adminMessages } from '@voltforge/contract/admin';
import { MAX_SEARCH_LENGTH } from '@voltforge/contract/catalog';
import {
  banBodySchema,
  banMessages,
  MAX_BAN_REASON_LENGTH,
  type UserSummary,
} from '@voltforge/contract/user';
import { TextField } from '../../components/ui/text-field';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/page/toast';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ApiError, errorMessage } from '../../lib/api/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { USERS_PAGE_SIZE, useUsers } from './api/get-users';
import { useMakeAdmin } from './api/make-admin';
import { useRemoveAdmin } from './api/remove-admin';
import { useSetBanned } from './api/ban-user';
import { useRemoveUser } from './api/remove-user';
import { AdminTable } from './components/admin-table';
import { QueryError } from '../../components/ui/query-error';

type UserAction = 'promote' | 'demote' | 'ban' | 'unban' | 'remove';

const joined = dateFormat({ dateStyle: 'medium' }, 'local');

/** What each action asks before it goes ahead: every one changes someone else's access. */
function question(
  action: UserAction,
  user: UserSummary,
): {
  message: string;
  detail: ReactNode;
  confirmLabel: string;
  tone: 'danger' | 'primary';
} {
  const who = `${user.name} (${user.email})`;
  switch (action) {
    case 'promote':
      return {
        message: `Make ${user.email} an admin?`,
        detail: `${who} can then manage users, tools and orders. You can remove the admin role again.`,
        confirmLabel: 'Make Admin',
        tone: 'primary',
      };
    case 'demote':
      return {
        message: `Remove the admin role from ${user.email}?`,
        detail: `${who} keeps the account and its orders but loses the admin pages at once.`,
        confirmLabel: 'Remove admin',
        tone: 'danger',
      };
    case 'ban':
      return {
        message: `Ban ${user.email}?`,
        detail: `${who} is signed out everywhere at once and cannot sign in until an admin unbans the account.`,
        confirmLabel: 'Ban',
        tone: 'danger',
      };
    case 'unban':
      return {
        message: `Unban ${user.email}?`,
        detail: `${who} can sign in again.`,
        confirmLabel: 'Unban',
        tone: 'primary',
      };
    case 'remove':
      return {
        message: adminMessages.confirmDelete,
        detail: `${who}: the account goes and is signed out everywhere; unpaid orders are cancelled, paid ones stay for the records.`,
        confirmLabel: 'Remove User',
        tone: 'danger',
      };
  }
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** All User: every account, searchable; Make Admin, Remove admin, Ban / Unban and Remove User. */
export function UsersPage() {
  usePageMeta('All User', 'Voltforge administration: every user account.');
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH) || undefined;
  const page = pageOf(searchParams.get('page'));
  const users = useUsers(page, search);
  const { data: session } = authClient.useSession();
  const myEmail = session?.user.email.toLowerCase();
  const promote = useMakeAdmin();
  const demote = useRemoveAdmin();
  const ban = useSetBanned();
  const remove = useRemoveUser();
  const [asking, setAsking] = useState<{ action: UserAction; user: UserSummary } | null>(null);
  const [banReason, setBanReason] = useState('');
  const [banReasonError, setBanReasonError] = useState<string | null>(null);

  const go = (next: { search?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (next.search) params.set('search', next.search);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  const close = () => {
    setAsking(null);
    setBanReason('');
    setBanReasonError(null);
  };
  const onError = (error: Error) => toast.error(errorMessage(error));

  const run = (action: UserAction, user: UserSummary) => {
    switch (action) {
      case 'promote':
        return promote.mutate(user, {
          onSuccess: ({ modifiedCount }) => {
            if (modifiedCount > 0) toast.success(adminMessages.madeAdmin);
            else toast.info(adminMessages.alreadyAdmin);
          },
          onError: (error) =>
            toast.error(
              error instanceof ApiError && error.status === 403
                ? adminMessages.makeAdminFailed
                : errorMessage(error),
            ),
          onSettled: close,
        });
      case 'demote':
        return demote.mutate(user, {
          onSuccess: ({ modifiedCount }) => {
            if (modifiedCount > 0) toast.success(adminMessages.adminRemoved);
            else toast.info(adminMessages.notAnAdmin);
          },
          onError,
          onSettled: close,
        });
      case 'ban':
      case 'unban':
        return ban.mutate(
          { user, banned: action === 'ban', reason: banReason.trim() },
          {
            onSuccess: () =>
              toast.success(
                action === 'ban' ? adminMessages.userBanned : adminMessages.userUnbanned,
              ),
            onError,
            onSettled: close,
          },
        );
      case 'remove':
        return remove.mutate(user, {
          onSuccess: ({ deletedCount }) => {
            if (deletedCount > 0) toast.success(adminMessages.userRemoved);
          },
          onError,
          onSettled: close,
        });
    }
  };

  const pending = [promote, demote, ban, remove].some((m) => m.isPending);
  const busyEmail = pending ? asking?.user.email : null;
  const prompt = asking ? question(asking.action, asking.user) : null;

  return (
    <>
      <AdminHeading>All User{users.data ? ` (${users.data.total})` : ''}</AdminHeading>
      <SearchForm
        label="Search by name or email"
        value={search}
        onSearch={(typed) => go({ search: typed })}
        className="mb-4 flex w-full flex-col gap-1 sm:w-auto"
      />
      {users.isPending ? (
        <Spinner block label="Loading users" />
      ) : users.isError ? (
        <QueryError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <p className="text-base-content/75">
          {search ? `No user's name or email contains “${search}”.` : 'No users yet.'}
        </p>
      ) : (
        <AdminTable
          label="Users"
          pagination={{
            page,
            pageSize: USERS_PAGE_SIZE,
            total: users.data.total,
            label: 'User pages',
            onPage: (next) => go({ search, page: next }),
          }}
        >
          <thead>
            <tr>
              <th scope="col">Sl</th>
              <th scope="col">Name</th>
              <th scope="col">Joined</th>
              <th scope="col">Orders</th>
              <th scope="col">Action</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {users.data.items.map((user, index) => {
              const isMe = user.email.toLowerCase() === myEmail;
              const busy = busyEmail === user.email;
              const ask = (action: UserAction) => setAsking({ action, user });
              return (
                <tr key={user.id}>
                  <th scope="row" data-label="Sl">
                    {(page - 1) * USERS_PAGE_SIZE + index + 1}
                  </th>
                  <td data-label="Name">
                    <div className="min-w-0">
                      <div className="font-medium [overflow-wrap:anywhere]">{user.email}</div>
                      <div className="text-sm text-base-content/75">
                        {user.name}
                        {isMe ? ' (you)' : ''}
                      </div>
                      <div className="mt-1 flex flex-wrap gap-1">
                        {user.emailVerified ? (
                          <span className="badge badge-sm badge-success">Verified</span>
                        ) : (
                          <span className="badge badge-sm badge-ghost">Not verified</span>
                        )}
                        {user.banned ? (
                          <span className="badge badge-sm badge-error">Banned</span>
                        ) : null}
                      </div>
                      {user.ban ? (
                        <p className="mt-1 text-sm" data-testid="ban-reason">
                          Banned {joined.format(new Date(user.ban.at))}
                          {user.ban.by ? ` by ${user.ban.by}` : ''}: {user.ban.reason}
                        </p>
                      ) : null}
                    </div>
                  </td>
                  <td data-label="Joined" className="whitespace-nowrap">
                    <time dateTime={user.createdAt}>{joined.format(new Date(user.createdAt))}</time>
                  </td>
                  <td data-label="Orders">{user.orderCount}</td>
                  <td data-label="Action">
                    <div className="flex flex-wrap gap-2">
                      {user.role === 'admin' ? (
                        <>
                          <button type="button" className="btn btn-sm" disabled>
                            {adminMessages.alreadyAdmin}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline"
                            disabled={isMe || busy}
                            title={isMe ? adminMessages.cannotRemoveOwnAdmin : undefined}
                            aria-label={`Remove admin: ${user.email}`}
                            onClick={() => ask('demote')}
                          >
                            Remove admin
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          // Secondary: on every customer's row, the one step rarely taken.
                          className="btn btn-sm btn-outline"
                          disabled={busy}
                          aria-label={`Make Admin: ${user.email}`}
                          onClick={() => ask('promote')}
                        >
                          Make Admin
                        </button>
                      )}
                      {user.banned ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          disabled={busy}
                          aria-label={`Unban: ${user.email}`}
                          onClick={() => ask('unban')}
                        >
                          Unban
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          disabled={isMe || busy}
                          title={isMe ? adminMessages.cannotBanSelf : undefined}
                          aria-label={`Ban: ${user.email}`}
                          onClick={() => ask('ban')}
                        >
                          Ban
                        </button>
                      )}
                    </div>
                  </td>
                  <td data-label="Remove">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      disabled={isMe || busy}
                      title={isMe ? adminMessages.cannotRemoveSelf : undefined}
                      aria-label={`Remove User: ${user.email}`}
                      onClick={() => ask('remove')}
                    >
                      Remove User
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      <ConfirmDialog
        open={asking !== null}
        message={prompt?.message ?? ''}
        detail={prompt?.detail}
        confirmLabel={prompt?.confirmLabel ?? ''}
        tone={prompt?.tone}
        busy={pending}
        onConfirm={() => {
          if (!asking) return;
          if (asking.action === 'ban') {
            // Checked here as the server checks it, so the dialog says what is missing.
            const check = banBodySchema.shape.reason.safeParse(banReason);
            if (!check.success) return setBanReasonError(banMessages.reason);
          }
          run(asking.action, asking.user);
        }}
        onCancel={close}
      >
        {asking?.action === 'ban' ? (
          <TextField
            label="Reason"
            name="banReason"
            hint="Staff see it on this page; it stays on the account's history after an unban."
            maxLength={MAX_BAN_REASON_LENGTH}
            required
            value={banReason}
            error={banReasonError ?? undefined}
            onChange={(event) => {
              setBanReason(event.target.value);
              setBanReasonError(null);
            }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
