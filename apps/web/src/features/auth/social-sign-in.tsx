import { useLocation } from 'react-router';
import { authClient } from '../../lib/auth/auth-client';
import { socialErrorMessage } from './auth-error-message';
import { useAuthProviders, type SocialProvider } from './api/get-auth-providers';
import { signInPopup } from './popup-sign-in';
import type { AuthResult } from './use-auth-flow';

const providerLabels: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.3-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.3 0-9.7-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z"
      />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M15.1 12.9h-2.2V20h-3v-7.1H8.3v-2.6h1.6V8.6c0-2.2 1-3.6 3.6-3.6h2v2.6h-1.3c-1 0-1.1.4-1.1 1.1v1.6h2.5l-.5 2.6z"
      />
    </svg>
  );
}

interface SocialSignInProps {
  /** Starts the provider's sign-in; gets the provider and its display name. */
  onSignIn: (provider: SocialProvider, label: string) => void;
}

/**
 * "OR" and a button for each social sign-in the shop has configured (the server says which);
 * none at all while that is unknown or when none is, so no button leads nowhere.
 */
export function SocialSignIn({ onSignIn }: SocialSignInProps) {
  const { data: providers } = useAuthProviders();
  if (!providers?.google && !providers?.facebook) return null;
  return (
    <>
      <div className="divider my-0 text-sm">OR</div>
      <div className="flex flex-col gap-2">
        {providers.google ? (
          <button
            type="button"
            className="btn btn-outline w-full"
            onClick={() => onSignIn('google', providerLabels.google)}
          >
            <GoogleIcon />
            Continue with Google
          </button>
        ) : null}
        {providers.facebook ? (
          <button
            type="button"
            className="btn btn-outline w-full"
            onClick={() => onSignIn('facebook', providerLabels.facebook)}
          >
            <FacebookIcon />
            Continue with Facebook
          </button>
        ) : null}
      </div>
    </>
  );
}

interface ProviderSignIn {
  /** Where to land after signing in (the page the user came from). */
  callbackURL: string;
  /** Where the provider's answer lands when it is a failure (a full-page redirect only). */
  errorCallbackURL: string;
  /** From GET /api/auth-providers; `undefined` while unknown, then the server decides. */
  enabled: boolean | undefined;
}

/**
 * Signs in with Google or Facebook in a 500×600 popup; when the browser blocks the popup, the
 * same sign-in runs as a full-page redirect (docs/decisions/003-social-sign-in.md).
 */
export async function signInWithProvider(
  provider: SocialProvider,
  { callbackURL, errorCallbackURL, enabled }: ProviderSignIn,
): Promise<AuthResult> {
  if (enabled === false) return { error: { code: 'PROVIDER_NOT_FOUND', status: 404 } };
  const popup = await signInPopup({ provider, callbackURL, errorCallbackURL });
  if (popup.error?.code !== 'POPUP_BLOCKED') return popup;
  const redirect = await authClient.signIn.social({ provider, callbackURL, errorCallbackURL });
  if (redirect.error) return redirect;
  return { redirecting: true };
}

/**
 * The click handler for the social buttons of a page: signs in through `run` (spinner, error
 * words, return to `target`). A failed redirect comes back to this page with `?error=`, the
 * provider and the target, so a retry still lands where the user came from.
 */
export function useSocialSignIn(
  run: (call: () => Promise<AuthResult>, options: { providerLabel: string }) => Promise<void>,
  target: string,
) {
  const { pathname } = useLocation();
  const { data: providers } = useAuthProviders();
  return (provider: SocialProvider, label: string) => {
    const back = new URLSearchParams({ provider });
    if (target !== '/') back.set('next', target);
    void run(
      () =>
        signInWithProvider(provider, {
          callbackURL: target,
          errorCallbackURL: `${pathname}?${back}`,
          enabled: providers?.[provider],
        }),
      { providerLabel: label },
    );
  };
}

/** The words for a failed social sign-in that came back as `?error=…&provider=…`, if any. */
export function returnedSocialError(search: URLSearchParams): string | null {
  const code = search.get('error');
  if (!code) return null;
  const provider = search.get('provider');
  const label =
    provider === 'google' || provider === 'facebook' ? providerLabels[provider] : undefined;
  return socialErrorMessage(code, label);
}
