import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReviewSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@voltforge/contract/review';
import type { Config } from '../../config.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { createReview, listReviews } from './reviews.service.ts';

export async function reviewsRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews, newest first',
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request) => listReviews(app.db, request.query.limit),
  );

  r.post(
    '/api/review',
    {
      // onRequest: an anonymous caller gets 401 before the body is even validated.
      onRequest: signedIn,
      schema: {
        tags: ['reviews'],
        summary: 'Add a review as the signed-in user',
        body: createReviewSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) => {
      const author = await requireUser(request);
      const created = await createReview(app.db, author, request.body);
      return reply.status(201).send(created);
    },
  );
}
