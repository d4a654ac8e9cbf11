import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedAddressInputSchema,
  savedAddressListSchema,
  savedAddressParamsSchema,
  savedAddressSchema,
} from '@voltforge/contract/address-book';
import { requireUser, signedIn } from '../../auth/guards.ts';
import {
  addAddress,
  listAddresses,
  removeAddress,
  updateAddress,
  type BookOwner,
} from './address-book.service.ts';

/** How one kind of address book is reached: its path, its words, and whose book a request acts on. */
export interface AddressBookRoutes {
  /** `/api/addresses`, `/api/company/addresses`. */
  path: string;
  tags: string[];
  /** "Your saved addresses", …: the four routes' summaries. */
  summaries: { list: string; add: string; change: string; remove: string };
  /** The book a request reads (`change` false) or changes; throws the refusal otherwise. */
  bookOf: (request: FastifyRequest, change: boolean) => Promise<BookOwner>;
  /** Refusals `bookOf` may answer besides 401 (a company's: 403 and 404). */
  refusals: { read: number[]; change: number[] };
}

/** The four routes of an address book: list, add, change, remove (404 for an address not in it). */
export function registerAddressBook(instance: FastifyInstance, book: AddressBookRoutes) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { path, tags, summaries, bookOf, refusals } = book;
  const change = { extraErrors: [...new Set([...refusals.change, 404])] };

  app.get(
    path,
    {
      onRequest: signedIn,
      ...(refusals.read.length > 0 ? { config: { extraErrors: refusals.read } } : {}),
      schema: { tags, summary: summaries.list, response: { 200: savedAddressListSchema } },
    },
    async (request) => listAddresses(app.db, await bookOf(request, false)),
  );

  app.post(
    path,
    {
      onRequest: signedIn,
      ...(refusals.change.length > 0 ? { config: { extraErrors: refusals.change } } : {}),
      schema: {
        tags,
        summary: summaries.add,
        body: savedAddressInputSchema,
        response: { 201: savedAddressSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addAddress(app.db, await bookOf(request, true), request.body);
    },
  );

  app.put(
    `${path}/:id`,
    {
      onRequest: signedIn,
      config: change,
      schema: {
        tags,
        summary: summaries.change,
        params: savedAddressParamsSchema,
        body: savedAddressInputSchema,
        response: { 200: savedAddressSchema },
      },
    },
    async (request) =>
      updateAddress(app.db, await bookOf(request, true), request.params.id, request.body),
  );

  app.delete(
    `${path}/:id`,
    {
      onRequest: signedIn,
      config: change,
      schema: {
        tags,
        summary: summaries.remove,
        params: savedAddressParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeAddress(app.db, await bookOf(request, true), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** A buyer's own address book: each route acts on the session's own addresses, 404 for others'. */
export async function addressBookRoutes(instance: FastifyInstance) {
  registerAddressBook(instance, {
    path: '/api/addresses',
    tags: ['address book'],
    summaries: {
      list: 'Your saved addresses',
      add: 'Save an address',
      change: 'Change a saved address',
      remove: 'Remove a saved address',
    },
    bookOf: async (request) => ({ userId: (await requireUser(request)).id }),
    refusals: { read: [], change: [] },
  });
}
