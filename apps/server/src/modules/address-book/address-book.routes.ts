import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedAddressInputSchema,
  savedAddressListSchema,
  savedAddressParamsSchema,
  savedAddressSchema,
} from '@voltforge/contract/address-book';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { addAddress, listAddresses, removeAddress, updateAddress } from './address-book.service.ts';

/** A buyer's address book: each route acts on the session's own addresses, 404 for anyone else's. */
export async function addressBookRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['address book'];
  const owner = async (request: Parameters<typeof requireUser>[0]) => ({
    userId: (await requireUser(request)).id,
  });

  app.get(
    '/api/addresses',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Your saved addresses', response: { 200: savedAddressListSchema } },
    },
    async (request) => listAddresses(app.db, await owner(request)),
  );

  app.post(
    '/api/addresses',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Save an address',
        body: savedAddressInputSchema,
        response: { 201: savedAddressSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addAddress(app.db, await owner(request), request.body);
    },
  );

  app.put(
    '/api/addresses/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Change a saved address',
        params: savedAddressParamsSchema,
        body: savedAddressInputSchema,
        response: { 200: savedAddressSchema },
      },
    },
    async (request) => updateAddress(app.db, await owner(request), request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Remove a saved address',
        params: savedAddressParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeAddress(app.db, await owner(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
