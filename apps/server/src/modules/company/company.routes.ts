import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyAnswerSchema,
  companyInputSchema,
  invitationInputSchema,
  joinCompanySchema,
  memberParamsSchema,
  memberRoleInputSchema,
} from '@voltforge/contract/company';
import { memberLimitsInputSchema } from '@voltforge/contract/approval';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { registerAddressBook } from '../address-book/address-book.routes.ts';
import {
  companyBook,
  createCompany,
  inviteToCompany,
  joinCompany,
  readCompany,
  removeMember,
  setMemberLimits,
  setMemberRole,
  updateCompany,
} from './company.service.ts';

/**
 * Company accounts: every route acts on the caller's own company, found from the session (there
 * is no company id to guess); what only its admins may do answers 403 to other members.
 */
export async function companyRoutes(instance: FastifyInstance, opts: { publicUrl: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];
  const answer = companyAnswerSchema.nullable();
  registerAddressBook(instance, {
    path: '/api/company/addresses',
    tags,
    summaries: {
      list: "Your company's shared addresses (members)",
      add: "Add a shared address to your company's book (admins)",
      change: "Change one of your company's shared addresses (admins)",
      remove: "Remove one of your company's shared addresses (admins)",
    },
    bookOf: async (request, change) => companyBook(app.db, (await requireUser(request)).id, change),
    refusals: { read: [404], change: [403, 404] },
  });

  app.get(
    '/api/company',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Your company account, or null', response: { 200: answer } },
    },
    async (request) => readCompany(app.db, (await requireUser(request)).id),
  );

  app.post(
    '/api/company',
    {
      onRequest: signedIn,
      config: { extraErrors: [409] },
      schema: {
        tags,
        summary: 'Create a company account, as its admin',
        body: companyInputSchema,
        response: { 201: companyAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createCompany(app.db, (await requireUser(request)).id, request.body);
    },
  );

  app.put(
    '/api/company',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404] },
      schema: {
        tags,
        summary: "Change the company's details (admins)",
        body: companyInputSchema,
        response: { 200: companyAnswerSchema },
      },
    },
    async (request) => updateCompany(app.db, (await requireUser(request)).id, request.body),
  );

  app.post(
    '/api/company/invitations',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: 'Invite a colleague by e-mail (admins)',
        body: invitationInputSchema,
        response: { 201: companyAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return inviteToCompany(app.db, await requireUser(request), request.body, opts.publicUrl);
    },
  );

  app.post(
    '/api/company/join',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 409] },
      schema: {
        tags,
        summary: "Accept an invitation with its link's token",
        body: joinCompanySchema,
        response: { 200: companyAnswerSchema },
      },
    },
    async (request) => joinCompany(app.db, await requireUser(request), request.body.token),
  );

  app.put(
    '/api/company/members/:userId',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: "Change a member's role (admins)",
        params: memberParamsSchema,
        body: memberRoleInputSchema,
        response: { 200: companyAnswerSchema },
      },
    },
    async (request) =>
      setMemberRole(
        app.db,
        (await requireUser(request)).id,
        request.params.userId,
        request.body.role,
      ),
  );

  app.put(
    '/api/company/members/:userId/limits',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404] },
      schema: {
        tags,
        summary: "Set a member's spending limits, per order and per month (admins)",
        params: memberParamsSchema,
        body: memberLimitsInputSchema,
        response: { 200: companyAnswerSchema },
      },
    },
    async (request) =>
      setMemberLimits(app.db, (await requireUser(request)).id, request.params.userId, request.body),
  );

  app.delete(
    '/api/company/members/:userId',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: 'Remove a member (admins), or leave (your own id)',
        params: memberParamsSchema,
        response: { 200: answer },
      },
    },
    async (request) => removeMember(app.db, (await requireUser(request)).id, request.params.userId),
  );
}
