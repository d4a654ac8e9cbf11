import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth lives on the same origin as the SPA, under /api/auth (DESIGN section 1). */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [adminClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession['user'];
