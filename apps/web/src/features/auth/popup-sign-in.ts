import { authClient } from '../../lib/auth/auth-client';

/** The sign-in popup is 500 by 600 pixels: big enough for the providers' consent screens. */
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const CLOSED_POLL_MS = 250;
/**
 * A popup seen closed is reported closed only 2 seconds later. The popup posts its
 * answer and closes itself at once; in another renderer process the close can be seen before the
 * answer arrives, and reporting "closed" then would hide a finished sign-in or a cancel.
 */
const CLOSED_GRACE_MS = 2_000;
const TIMEOUT_MS = 5 * 60_000;
/** What better-auth's oauthPopup completion page posts to its opener. */
const MESSAGE_TYPE = 'better-auth:oauth-popup';

export interface PopupSignIn {
  provider: string;
  callbackURL: string;
  errorCallbackURL: string;
}

export interface PopupSignInResult {
  error: { code: string; message: string } | null;
}

interface CompletionMessage {
  type?: unknown;
  nonce?: unknown;
  token?: unknown;
  error?: { code?: unknown; description?: unknown };
}

function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

function centredFeatures(): string {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

const failure = (code: string, message: string): PopupSignInResult => ({
  error: { code, message },
});

/**
 * Social sign-in in a popup, through better-auth's oauthPopup server plugin: the popup runs the
 * provider's pages and the callback in its own top-level window (so the state cookie and the
 * session cookie land first-party), then its last page posts the outcome to this window, which
 * accepts it only from this origin and with this attempt's nonce. Must be called straight from
 * the click, or the browser blocks the window.
 */
export function signInPopup({
  provider,
  callbackURL,
  errorCallbackURL,
}: PopupSignIn): Promise<PopupSignInResult> {
  const origin = window.location.origin;
  const nonce = randomNonce();
  const start = new URL('/api/auth/oauth-popup/start', origin);
  start.search = new URLSearchParams({
    provider,
    popupOrigin: origin,
    popupNonce: nonce,
    callbackURL,
    errorCallbackURL,
  }).toString();

  const popup = window.open(start.href, 'voltforge-sign-in', centredFeatures());
  if (!popup) {
    return Promise.resolve(failure('POPUP_BLOCKED', 'The browser blocked the sign-in window.'));
  }

  return new Promise((resolve) => {
    let closedSince: number | undefined;
    const finish = (result: PopupSignInResult) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      if (!popup.closed) popup.close();
      resolve(result);
    };
    const onMessage = (event: MessageEvent<CompletionMessage | null>) => {
      const data = event.data;
      if (event.origin !== origin || data?.type !== MESSAGE_TYPE || data.nonce !== nonce) return;
      if (data.error) {
        const code = typeof data.error.code === 'string' ? data.error.code : 'POPUP_SIGN_IN_FAILED';
        const description = data.error.description;
        finish(failure(code, typeof description === 'string' ? description : code));
        return;
      }
      if (typeof data.token !== 'string' || !data.token) return;
      // The popup's session cookie is this site's cookie: refresh the session everyone reads.
      authClient.$store.notify('$sessionSignal');
      finish({ error: null });
    };
    const poll = window.setInterval(() => {
      if (!popup.closed) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince >= CLOSED_GRACE_MS) {
        finish(failure('POPUP_CLOSED', 'The sign-in window was closed.'));
      }
    }, CLOSED_POLL_MS);
    const timeout = window.setTimeout(
      () => finish(failure('POPUP_TIMEOUT', 'The sign-in window timed out.')),
      TIMEOUT_MS,
    );
    window.addEventListener('message', onMessage);
  });
}
