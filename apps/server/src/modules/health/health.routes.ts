import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.ts';

/**
 * How long `/api/ready` waits for the database. A request's own wait for a connection is longer
 * (the pool's connect timeout), but a load balancer asking whether to send traffic here needs its
 * answer sooner than that, and an instance whose database takes this long is not answering
 * requests within their bounds.
 */
export const READY_DATABASE_BOUND_MS = 2_000;

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
      schema: {
        tags: ['health'],
        summary: 'The database answers; any degraded dependency is named with its mode',
      },
    },
    async (request) => {
      // The declared dependencies are asked alongside; each probe bounds itself.
      const degraded = app.degradedDependencies();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${READY_DATABASE_BOUND_MS} ms`)),
              READY_DATABASE_BOUND_MS,
            );
          }),
        ]);
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new HttpError(503, 'internal', 'The database is not answering.');
      } finally {
        clearTimeout(timer);
      }
      // A degraded dependency leaves the instance ready (it answers within its bounds, in the
      // degraded mode named here); only the database is needed for an answer at all.
      const named = await degraded;
      return named.length > 0 ? { status: 'ready', degraded: named } : { status: 'ready' };
    },
  );
}
