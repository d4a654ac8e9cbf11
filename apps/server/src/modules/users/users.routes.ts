import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  profileMessages,
  profileSchema,
  updateProfileSchema,
  userEmailParamsSchema,
  userTokenSchema,
} from '@voltforge/contract/profile';
import { adminCheckSchema } from '@voltforge/contract/user';
import type { Config } from '../../config.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { forbidden, notFound, unauthorized } from '../../http-error.ts';
import { findRoleByEmail, getProfile, updateProfile } from './users.service.ts';

const isOwnEmail = (request: FastifyRequest, email: string) =>
  requireUser(request).then((me) => me.email.toLowerCase() === email.trim().toLowerCase());

/**
 * onRequest guard for /:email routes that only the account itself may use: 401 when signed out,
 * 403 for another account's email, both before the body is looked at.
 */
const selfOnly = (message: string) => async (request: FastifyRequest) => {
  const { email } = request.params as { email: string };
  if (!(await isOwnEmail(request, email))) throw forbidden(message);
};

export async function usersRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/profile',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        response: { 200: profileSchema },
      },
    },
    async (request) => getProfile(app.db, (await requireUser(request)).id),
  );

  r.post(
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
    async (request) => updateProfile(app.db, (await requireUser(request)).id, request.body),
  );

  r.get(
    '/api/admin/:email',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Whether an account is an admin (yourself, or anyone for an admin)',
        params: userEmailParamsSchema,
        response: { 200: adminCheckSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      if (await isOwnEmail(request, request.params.email)) return { admin: me.role === 'admin' };
      if (me.role !== 'admin') throw forbidden('You can only check your own account.');
      const role = await findRoleByEmail(app.db, request.params.email);
      if (role === null) throw notFound('No user has that email.');
      return { admin: role === 'admin' };
    },
  );

  r.put(
    '/api/users/:email',
    {
      onRequest: selfOnly('You can only get a token for your own account.'),
      schema: {
        tags: ['users'],
        summary: "A bearer token for API clients: the current session's token",
        description: 'Send it as `Authorization: Bearer <token>`; it ends with the session.',
        params: userEmailParamsSchema,
        response: { 200: userTokenSchema },
      },
    },
    async (request) => {
      // selfOnly already read the session; this reuses that read.
      const token = await request.sessionToken();
      if (!token) throw unauthorized();
      return { token };
    },
  );
}
