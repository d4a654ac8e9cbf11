import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import type { Role } from '@voltforge/contract/user';

/**
 * better-auth lives on the same origin as the SPA, under /api/auth (DESIGN section 1). No
 * adminClient: the shop's admin work goes through /api/user, and its impersonation and role code
 * would sit in the entry chunk every visitor downloads. inferAdditionalFields only types the
 * server's `role` field on the session's user (it adds no request code).
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: { role: { type: ['user', 'admin'] satisfies Role[], required: false, input: false } },
    }),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession['user'];
