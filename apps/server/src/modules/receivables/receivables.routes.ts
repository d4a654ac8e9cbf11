import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountInvoiceSchema,
  adminCompaniesSchema,
  adminCompanyDetailSchema,
  companyAccountInputSchema,
  companyStatementSchema,
  invoicePaymentInputSchema,
} from '@voltforge/contract/credit';
import { sweepEvery } from '../../plugins/sweep.ts';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../auth/guards.ts';
import {
  companyDetail,
  listCompanies,
  ownStatement,
  recordInvoicePayment,
  remindOpenInvoices,
  setCompanyAccount,
} from './receivables.service.ts';

const idParams = z.object({ id: z.string() });
const numberParams = z.object({ number: z.string().max(40) });

/**
 * Payment on account: staff's companies (terms, credit limit, open and overdue invoices, payments
 * received) and a company admin's statement, found from the session.
 */
export async function receivablesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];

  app.get(
    '/api/company/statement',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404] },
      schema: {
        tags,
        summary: "Your company's statement: terms, credit, open invoices and payments (its admins)",
        response: { 200: companyStatementSchema },
      },
    },
    async (request) => ownStatement(app.db, await requireUser(request)),
  );

  app.get(
    '/api/admin/companies',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Every company with its terms, credit limit, balance and overdue invoices',
        response: { 200: adminCompaniesSchema },
      },
    },
    async () => listCompanies(app.db),
  );

  app.get(
    '/api/admin/companies/:id',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'A company: members, terms, credit and its invoices on account',
        params: idParams,
        response: { 200: adminCompanyDetailSchema },
      },
    },
    async (request) => companyDetail(app.db, request.params.id),
  );

  app.put(
    '/api/admin/companies/:id/account',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: "Set a company's payment terms and credit limit",
        params: idParams,
        body: companyAccountInputSchema,
        response: { 200: adminCompanyDetailSchema },
      },
    },
    async (request) => setCompanyAccount(app.db, request.params.id, request.body),
  );

  app.post(
    '/api/admin/invoices/:number/payments',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: 'Record a payment received for an invoice on account (partial payments allowed)',
        params: numberParams,
        body: invoicePaymentInputSchema,
        response: { 201: accountInvoiceSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordInvoicePayment(
            app.db,
            await requireAdmin(request),
            request.params.number,
            request.body,
          ),
        ),
  );
}

const SWEEP_EVERY_MS = 60 * 60_000;

/** Reminds open invoices on account, every hour (each mail once, on any number of instances). */
export const invoiceRemindersPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    sweepEvery(app, {
      everyMs: SWEEP_EVERY_MS,
      pass: () => remindOpenInvoices(app.db, { publicUrl: opts.publicUrl }),
      counted: 'sent',
      did: 'reminded open invoices',
      failed: 'invoice reminder sweep failed',
    });
  },
  { name: 'invoice-reminders', dependencies: ['db'] },
);
