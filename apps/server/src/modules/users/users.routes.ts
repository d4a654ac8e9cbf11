import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  profileMessages,
  profileSchema,
  updateProfileSchema,
  userEmailParamsSchema,
  userTokenSchema,
} from '@voltforge/contract/profile';
import { adminCheckSchema, authMessages } from '@voltforge/contract/user';
import { signedBearerToken } from '../../auth/bearer-token.ts';
import { requireUser, selfOnly, signedIn } from '../../auth/guards.ts';
import { unauthorized } from '../../http-error.ts';
import { checkAdmin, getProfile, updateProfile } from './users.service.ts';

/** The signed-in account: its profile, its role, and a bearer token for API clients. */
export async function usersRoutes(instance: FastifyInstance, opts: { authSecret: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/profile',
    {
      onRequest: signedIn,
      config: { cache: { scope: 'user' } },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        response: { 200: profileSchema },
      },
    },
    async (request) => getProfile(app.db, await requireUser(request)),
  );

  app.post(
    '/api/user/:email',
    {
      onRequest: selfOnly(profileMessages.onlyYourOwn),
      schema: {
        tags: ['users'],
        summary: 'Update your own profile',
        params: userEmailParamsSchema,
        body: updateProfileSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => updateProfile(app.db, await requireUser(request), request.body),
  );

  app.get(
    '/api/admin/:email',
    {
      onRequest: signedIn,
      config: { extraErrors: [403] },
      schema: {
        tags: ['users'],
        summary: 'Whether an account is an admin (yourself, or anyone for an admin)',
        params: userEmailParamsSchema,
        response: { 200: adminCheckSchema },
      },
    },
    async (request) => checkAdmin(app.db, await requireUser(request), request.params.email),
  );

  app.put(
    '/api/users/:email',
    {
      onRequest: selfOnly(authMessages.onlyYourOwnToken),
      schema: {
        tags: ['users'],
        summary: "A bearer token for API clients: the current session's token, signed",
        description: 'Send it as `Authorization: Bearer <token>`; it ends with the session.',
        params: userEmailParamsSchema,
        response: { 200: userTokenSchema },
      },
    },
    async (request) => {
      // selfOnly already read the session; this reuses that read.
      const token = await request.sessionToken();
      if (!token) throw unauthorized();
      return { token: signedBearerToken(opts.authSecret, token) };
    },
  );
}
