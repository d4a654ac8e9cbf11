import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { authClient } from '../../lib/auth/auth-client';
import { preloadWhenHeld } from '../../lib/first-paint/hydration';
import { authErrorMessage, authErrorMessages, type AuthErrorLike } from './auth-error-message';
import { redirectTarget } from './redirect-target';

/** How long to wait for the new session to show up before telling the user something is off. */
const SESSION_WAIT_MS = 10_000;

const sessionNotKeptMessage =
  'You are signed in, but your browser did not keep the session. Allow cookies for this site and try again.';

/** A sign-in call's outcome; `redirecting` means the browser is leaving for the provider. */
export type AuthResult =
  | { error: AuthErrorLike | null; redirecting?: boolean }
  | { error?: undefined; redirecting?: boolean };

// A sign-in sent before its page hydrated needs the better-auth client as soon as it is done:
// fetched while the page hydrates, not after.
preloadWhenHeld(authClient.preload);

/** A sign-in form's `onFocus`: fetches its checks and the better-auth client before it is sent. */
export function preloadSignIn(checks: { preload: () => void }): () => void {
  return () => {
    checks.preload();
    authClient.preload();
  };
}

/**
 * The shared life of the login and register forms: show a spinner while the request runs,
 * turn failures into clear words, and, after success, wait until the session has refreshed
 * (so the navbar already shows the user's name) before returning to where they came from.
 */
export function useAuthFlow() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location.state, location.search);
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
   * Runs one sign-in call. A social sign-in that fell back to a full-page redirect keeps the
   * spinner until the browser leaves for the provider.
   */
  async function run(
    call: () => Promise<AuthResult>,
    { providerLabel }: { providerLabel?: string } = {},
  ) {
    // The spinner replaces the form at once, before the call starts, not in a render React
    // schedules for after the next frame: it is the page's answer to the send (on a 6× slowed
    // CPU that render came 40-80 ms later, and a form sent before hydration is done as it ends).
    flushSync(() => {
      setError(null);
      setBusy(true);
    });
    let result: AuthResult;
    try {
      result = await call();
    } catch {
      result = { error: { message: authErrorMessages.network } };
    }
    if (result.error) {
      setError(authErrorMessage(result.error, providerLabel));
      setBusy(false);
      return;
    }
    if (!result.redirecting) setSucceeded(true);
  }

  return { busy, error, run, target };
}
