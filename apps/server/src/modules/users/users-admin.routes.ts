import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminListRoute } from '../../auth/admin-list-route.ts';
import {
  deletedCountSchema,
  modifiedCountSchema,
  userListQuerySchema,
  userListSchema,
} from '@voltforge/contract/admin';
import { userEmailParamsSchema } from '@voltforge/contract/profile';
import { banBodySchema } from '@voltforge/contract/user';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import {
  banUser,
  listUsers,
  makeAdmin,
  removeAdmin,
  removeUser,
  unbanUser,
} from './users-admin.service.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import type { BeforeCancel } from '../orders/orders.service.ts';

/**
 * All User: list and search accounts, make one an admin or a customer again, disable or enable
 * one, remove one (admins only).
 */
export async function usersAdminRoutes(
  instance: FastifyInstance,
  opts: { beforeCancel: BeforeCancel; notify: OrderNotify },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Removing a user cancels their unpaid orders, settling each payment intent first.
  const { beforeCancel, notify } = opts;

  adminListRoute(instance, {
    url: '/api/user',
    summary:
      'Every account with its role, join date, order count, verified and disabled flags, oldest first, paged; `search` keeps those whose name or email contains it (admin)',
    querystring: userListQuerySchema,
    response: userListSchema,
    list: listUsers,
  });

  app.put(
    '/api/user/admin/:email',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Make Admin: 1 when the account became an admin, 0 when it already was (admin)',
        params: userEmailParamsSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => makeAdmin(app.db, request.params.email),
  );

  app.delete(
    '/api/user/admin/:email',
    {
      onRequest: adminOnly,
      // The last admin who can sign in cannot be demoted or disabled.
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary:
          'Remove admin: the account becomes a customer at once; 1 when it was an admin, 0 when it was not (admin, not themself)',
        params: userEmailParamsSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => removeAdmin(app.db, await requireAdmin(request), request.params.email),
  );

  app.put(
    '/api/user/ban/:email',
    {
      onRequest: adminOnly,
      // The last admin who can sign in cannot be demoted or disabled.
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary:
          'Disable an account, saying why (the reason stays on its history): no new sign-in, and every session it has ends at once; 1 when it was enabled, 0 when it already was disabled (admin, not themself)',
        params: userEmailParamsSchema,
        body: banBodySchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) =>
      banUser(app.db, await requireAdmin(request), request.params.email, request.body),
  );

  app.delete(
    '/api/user/ban/:email',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Enable a disabled account: it can sign in again; 1 when it was disabled, 0 when it was not (admin)',
        params: userEmailParamsSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => unbanUser(app.db, await requireAdmin(request), request.params.email),
  );

  app.delete(
    '/api/user/:email',
    {
      onRequest: adminOnly,
      config: { extraErrors: [409, 502] },
      schema: {
        tags: ['admin'],
        summary: 'Remove User: ends their sessions at once; their orders stay (admin)',
        params: userEmailParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return removeUser(app.db, admin, request.params.email, { beforeCancel, notify });
    },
  );
}
