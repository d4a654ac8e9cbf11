import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { authErrorMessage, authErrorMessages, type AuthErrorLike } from './auth-error-message';
import { redirectTarget } from './redirect-target';

/** How long to wait for the new session to show up before telling the user something is off. */
const SESSION_WAIT_MS = 10_000;

const sessionNotKeptMessage =
  'You are signed in, but your browser did not keep the session. Allow cookies for this site and try again.';

type AuthResult = { error: AuthErrorLike | null } | { error?: undefined };

/**
 * The shared life of the login and register forms: show a spinner while the request runs,
 * turn failures into clear words, and, after success, wait until the session has refreshed
 * (so the navbar already shows the user's name) before returning to where they came from.
 */
export function useAuthFlow() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location.state);
  const { data: session } = authClient.useSession();
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (succeeded && session) void navigate(target, { replace: true });
  }, [succeeded, session, navigate, target]);

  useEffect(() => {
    if (!succeeded || session) return;
    const timer = window.setTimeout(() => {
      setSucceeded(false);
      setBusy(false);
      setError(sessionNotKeptMessage);
    }, SESSION_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, session]);

  /**
   * Runs one sign-in call. `keepBusy` is for social sign-in, whose success is a full-page
   * redirect to the provider: the spinner stays until the browser leaves.
   */
  async function run(
    call: () => Promise<AuthResult>,
    { providerLabel, keepBusy = false }: { providerLabel?: string; keepBusy?: boolean } = {},
  ) {
    setError(null);
    setBusy(true);
    let failure: AuthErrorLike | null | undefined;
    try {
      failure = (await call()).error;
    } catch {
      failure = { message: authErrorMessages.network };
    }
    if (failure) {
      setError(authErrorMessage(failure, providerLabel));
      setBusy(false);
      return;
    }
    if (!keepBusy) setSucceeded(true);
  }

  return { busy, error, run, target };
}
