import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReviewSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@voltforge/contract/review';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { createReview, listReviews } from './reviews.service.ts';

/** Customer reviews: anyone reads them, a signed-in customer writes one. */
export async function reviewsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
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

  app.post(
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
      return reply.status(201).send(await createReview(app.db, author, request.body));
    },
  );
}
