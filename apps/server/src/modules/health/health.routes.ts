import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.ts';

/** Liveness and readiness for the platform; never rate limited, so probes are always answered. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], summary: 'The process is up' } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'The database answers' },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new HttpError(503, 'internal', 'The database is not answering.');
      }
      return { status: 'ready' };
    },
  );
}
