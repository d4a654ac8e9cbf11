import { adminMessages } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/use-page-meta';
import { ApiError, errorMessage } from '../../lib/api-client';
import { authClient } from '../../lib/auth-client';
import { USERS_PAGE_SIZE, useUsers } from './api/get-users';
import { useMakeAdmin } from './api/make-admin';
import { useRemoveUser } from './api/remove-user';
import { AdminTable } from './components/admin-table';
import { QueryError } from '../../components/ui/query-error';

/** All User: every account, Make Admin and Remove User. */
export function UsersPage() {
  usePageMeta('All User', 'Voltforge administration: every user account.');
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const { data: session } = authClient.useSession();
  const myEmail = session?.user.email.toLowerCase();
  const promote = useMakeAdmin();
  const remove = useRemoveUser();

  const onPromote = (user: UserSummary) =>
    promote.mutate(user, {
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
    });

  const onRemove = (user: UserSummary) =>
    remove.mutate(user, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(adminMessages.userRemoved);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const busyEmail = promote.isPending
    ? promote.variables.email
    : remove.isPending
      ? remove.variables.email
      : null;

  return (
    <>
      <AdminHeading>All User{users.data ? ` (${users.data.total})` : ''}</AdminHeading>
      {users.isPending ? (
        <Spinner block label="Loading users" />
      ) : users.isError ? (
        <QueryError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : (
        <AdminTable
          label="Users"
          pagination={{
            page,
            pageSize: USERS_PAGE_SIZE,
            total: users.data.total,
            label: 'User pages',
            onPage: setPage,
          }}
        >
          <thead>
            <tr>
              <th scope="col">Sl</th>
              <th scope="col">Name</th>
              <th scope="col">Action</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {users.data.items.map((user, index) => {
              const isMe = user.email.toLowerCase() === myEmail;
              const busy = busyEmail === user.email;
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
                    </div>
                  </td>
                  <td data-label="Action">
                    {user.role === 'admin' ? (
                      <button type="button" className="btn btn-sm" disabled>
                        {adminMessages.alreadyAdmin}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={busy}
                        aria-label={`Make Admin: ${user.email}`}
                        onClick={() => onPromote(user)}
                      >
                        Make Admin
                      </button>
                    )}
                  </td>
                  <td data-label="Remove">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      disabled={isMe || busy}
                      title={isMe ? adminMessages.cannotRemoveSelf : undefined}
                      aria-label={`Remove User: ${user.email}`}
                      onClick={() => {
                        if (window.confirm(adminMessages.confirmDelete)) onRemove(user);
                      }}
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
    </>
  );
}
