import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api/api-client';
import { useAdminCheck } from '../../lib/api/get-admin-check';
import { authClient } from '../../lib/auth/auth-client';
import { paths } from '../../lib/paths';

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Admin pages ask the server, not the cached session, whether this person is an admin
 * (a role can change after sign-in); a non-admin is signed out and sent home.
 * The router loads this lazily with the admin pages, so visitors never download it.
 */
export function RequireAdmin() {
  const { data: session, isPending } = authClient.useSession();
  const email = session?.user.email;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const adminCheck = useAdminCheck(email);

  const refused =
    (adminCheck.isSuccess && !adminCheck.data.admin) ||
    (adminCheck.isError && isRefusal(adminCheck.error));

  useEffect(() => {
    if (!refused) return;
    void (async () => {
      // Home first: signing out here would make the dashboard's guard send them to /login.
      await navigate(paths.home, { replace: true });
      try {
        await authClient.signOut();
      } catch {
        // They have left the admin page; a failed sign-out call changes nothing for them.
      }
      queryClient.clear();
    })();
  }, [refused, navigate, queryClient]);

  if (isPending) return <Spinner block label="Checking your session" />;
  if (!session) return <Navigate to={paths.home} replace />;
  if (adminCheck.isError && !refused) {
    return (
      <div role="alert" className="alert alert-soft alert-error max-w-xl">
        <span>Could not check your admin access. {adminCheck.error.message}</span>
        <button type="button" className="btn btn-sm" onClick={() => void adminCheck.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (adminCheck.isSuccess && adminCheck.data.admin) return <Outlet />;
  return <Spinner block label="Checking admin access" />;
}
