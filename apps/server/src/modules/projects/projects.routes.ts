import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  projectDiffQuerySchema,
  projectDiffSchema,
  projectInputSchema,
  projectListSchema,
  projectParamsSchema,
  projectPriceSchema,
  projectRevisionParamsSchema,
  projectSchema,
  projectToCartBodySchema,
  projectToCartSchema,
  projectBuildsQuerySchema,
  bomPreviewBodySchema,
  bomPreviewSchema,
  orderAgainSchema,
  orderParamsSchema,
} from '@voltforge/contract/project';
import { bomMessages } from '@voltforge/contract/project-bom';
import { dateIn } from '@voltforge/contract/calendar';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { CSV_CONTENT_TYPE } from '../../csv.ts';
import {
  createProject,
  deleteProject,
  exportProjectCsv,
  diffRevisions,
  listProjects,
  orderAgain,
  saveOrderAsProject,
  previewBom,
  priceProject,
  projectToCart,
  readProject,
  updateProject,
} from './projects.service.ts';

/**
 * A buyer's projects (saved bills of materials): each route acts on the session's own projects
 * only, and answers 404 for anyone else's.
 */
export async function projectsRoutes(instance: FastifyInstance, opts: { timeZone: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const owner = async (request: Parameters<typeof requireUser>[0]) =>
    (await requireUser(request)).id;

  app.get(
    '/api/projects',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Your projects', response: { 200: projectListSchema } },
    },
    async (request) => listProjects(app.db, await owner(request)),
  );

  app.post(
    '/api/projects',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Save a new project',
        body: projectInputSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createProject(app.db, await owner(request), request.body);
    },
  );

  app.post(
    '/api/projects/import/preview',
    {
      onRequest: signedIn,
      // A bill of materials of 5,000 rows, with room for its quoting.
      bodyLimit: 2 * 1024 * 1024,
      config: { extraErrors: [413], tooLargeMessage: bomMessages.tooLong },
      schema: {
        tags,
        summary:
          'Read a bill of materials (CSV from KiCad, Altium, Eagle or a spreadsheet) without saving it',
        body: bomPreviewBodySchema,
        response: { 200: bomPreviewSchema },
      },
    },
    async (request) => previewBom(app.db, request.body.text, request.body.mapping),
  );

  app.get(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'One of your projects, its latest revision',
        params: projectParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => readProject(app.db, await owner(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/revisions/:revision',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'One revision of one of your projects',
        params: projectRevisionParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) =>
      readProject(app.db, await owner(request), request.params.id, request.params.revision),
  );

  app.get(
    '/api/projects/:id/diff',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'What changed between two revisions',
        params: projectParamsSchema,
        querystring: projectDiffQuerySchema,
        response: { 200: projectDiffSchema },
      },
    },
    async (request) =>
      diffRevisions(
        app.db,
        await owner(request),
        request.params.id,
        request.query.from,
        request.query.to,
      ),
  );

  app.put(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Save a project as its next revision',
        params: projectParamsSchema,
        body: projectInputSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => updateProject(app.db, await owner(request), request.params.id, request.body),
  );

  app.delete(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Delete a project',
        params: projectParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProject(app.db, await owner(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // A read (it only stamps the project's last price), so its answer does not wait for the write
  // acknowledgement that every other method's does (docs/architecture.md §9): measured, that wait
  // was most of a 1,000-line pricing's time with 50 buyers at once.
  app.get(
    '/api/projects/:id/price',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Price a project for a number of boards, at today’s prices',
        params: projectParamsSchema,
        querystring: projectBuildsQuerySchema,
        response: { 200: projectPriceSchema },
      },
    },
    async (request) =>
      priceProject(
        app.db,
        await owner(request),
        request.params.id,
        request.query.builds,
        dateIn(opts.timeZone, new Date()),
      ),
  );

  app.get(
    '/api/projects/:id/export.csv',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'A project priced for a number of boards, as CSV',
        params: projectParamsSchema,
        querystring: projectBuildsQuerySchema,
      },
    },
    async (request, reply) => {
      const { name, csv } = await exportProjectCsv(
        app.db,
        await owner(request),
        request.params.id,
        request.query.builds,
      );
      // The file is named for the project, in letters and digits only.
      const file = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project';
      return reply
        .type(CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${file}-${request.query.builds}-boards.csv"`,
        )
        .send(csv);
    },
  );

  app.post(
    '/api/order/:id/again',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Put an earlier order of yours in your cart again, at today’s prices',
        params: orderParamsSchema,
        response: { 200: orderAgainSchema },
      },
    },
    async (request) => orderAgain(app.db, await owner(request), request.params.id),
  );

  app.post(
    '/api/order/:id/project',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Save an earlier order of yours as a project',
        params: orderParamsSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return saveOrderAsProject(app.db, await owner(request), request.params.id);
    },
  );

  app.post(
    '/api/projects/:id/cart',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Add a number of boards of a project to your cart, a verdict per line',
        params: projectParamsSchema,
        body: projectToCartBodySchema,
        response: { 200: projectToCartSchema },
      },
    },
    async (request) =>
      projectToCart(
        app.db,
        await owner(request),
        request.params.id,
        request.body.builds,
        request.body.takeSuggestions,
      ),
  );
}
