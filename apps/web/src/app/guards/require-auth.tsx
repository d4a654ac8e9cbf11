import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { authClient } from '../../lib/auth/auth-client';
import { useNavigationPending } from '../navigation';
import { paths } from '../../lib/paths';

/** The state a guard hands to /login so sign-in can return the user where they were going. */
export interface FromState {
  from: { pathname: string; search: string; hash: string };
}

interface RequireAuthProps {
  /**
   * Shows the page while the session is being read instead of a spinner, for a page that paints
   * what it can meanwhile (the tool page shows its tool) and waits for the session only where it
   * needs it. A visitor found signed out is still sent to /login.
   */
  pageWhileChecking?: boolean;
}

/** Lets signed-in people through; sends everyone else to /login, remembering where they were. */
export function RequireAuth({ pageWhileChecking = false }: RequireAuthProps) {
  const { data: session, isPending } = authClient.useSession();
  const location = useLocation();
  const leaving = useNavigationPending();

  if (isPending) {
    return pageWhileChecking ? <Outlet /> : <Spinner block label="Checking your session" />;
  }
  if (!session) {
    // Already on the way to another page (Log Out goes home, then signs out): let it arrive
    // rather than bouncing to /login and remembering this page as where to come back to.
    if (leaving) return <Spinner block label="Leaving" />;
    const state: FromState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
