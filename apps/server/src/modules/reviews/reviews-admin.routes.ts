import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminReviewListQuerySchema } from '@voltforge/contract/admin';
import {
  adminReviewListSchema,
  adminReviewSchema,
  reviewIdParamsSchema,
  reviewVisibilitySchema,
} from '@voltforge/contract/review';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import { adminListRoute } from '../../auth/admin-list-route.ts';
import { listAllReviews, setReviewHidden } from './reviews-admin.service.ts';

/** Manage Reviews: every review, and hiding one from the shop (admins only). */
export async function reviewsAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  adminListRoute(instance, {
    url: '/api/reviews',
    summary: 'Every review, hidden ones too, newest first, paged (admin)',
    querystring: adminReviewListQuerySchema,
    response: adminReviewListSchema,
    list: listAllReviews,
  });

  app.patch(
    '/api/review/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Hide a review from the home page and the average rating, or show it again (admin)',
        params: reviewIdParamsSchema,
        body: reviewVisibilitySchema,
        response: { 200: adminReviewSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return setReviewHidden(app.db, admin, { id: request.params.id, ...request.body });
    },
  );
}
