import { genericOAuth, oauthPopup } from 'better-auth/plugins';
import type { AuthProviders } from '@voltforge/contract/user';
import type { Config } from '../config.ts';

/** Google's issuer; GOOGLE_ISSUER replaces it (tests point it at a local OpenID Connect provider). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Google through OpenID Connect discovery: production reads Google's own discovery document, tests
 * read a local provider's, and both run this same code (PKCE, ID token checked against the
 * issuer's JWKS, nonce and `iss`). better-auth's built-in `google` provider has Google's URLs
 * fixed in code, so it could not be tested end to end (docs/decisions/003-social-sign-in.md).
 */
function googleProvider(google: NonNullable<Config['google']>) {
  const issuer = (google.issuer ?? GOOGLE_ISSUER).replace(/\/$/, '');
  return {
    providerId: 'google',
    name: 'Google',
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Never fall back to trusting an unsigned profile: no verified ID token, no sign-in.
    requireIdTokenVerification: true,
    // Logging out of the shop must not log the person out of their Google account.
    disableProviderLogout: true,
    mapProfileToUser: (profile: Record<string, unknown>) => {
      const email = typeof profile.email === 'string' ? profile.email : '';
      return {
        name: typeof profile.name === 'string' && profile.name ? profile.name : email.split('@')[0],
        image: typeof profile.picture === 'string' ? profile.picture : undefined,
      };
    },
  };
}

/** better-auth's built-in providers: Facebook, when it is configured. */
export function socialProviders(config: Config) {
  return config.facebook
    ? {
        facebook: {
          clientId: config.facebook.clientId,
          clientSecret: config.facebook.clientSecret,
        },
      }
    : {};
}

export function socialSignInPlugins(config: Config) {
  return [
    ...(config.google ? [genericOAuth({ config: [googleProvider(config.google)] })] : []),
    // Social sign-in opens in a 500×600 popup; the web falls back to a full-page redirect when
    // the browser blocks it.
    oauthPopup(),
  ];
}

/** Which social sign-ins this shop offers (the login page shows their buttons). */
export function offeredProviders(config: Config): AuthProviders {
  return { google: Boolean(config.google), facebook: Boolean(config.facebook) };
}
