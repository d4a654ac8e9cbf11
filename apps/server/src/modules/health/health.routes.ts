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
      // The other dependencies are probed alongside; each probe is bounded by its own client.
      const probes = Promise.all(
        app.dependencyProbes.map(async ({ name, probe }) => ({
          dependency: name,
          mode: await probe().catch(() => 'not answering'),
        })),
      );
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new HttpError(503, 'internal', 'The database is not answering.');
      }
      // A degraded dependency leaves the instance ready (it answers within its bounds, in the
      // degraded mode named here); only the database is needed for an answer at all.
      const degraded = (await probes).filter((p): p is { dependency: string; mode: string } =>
        Boolean(p.mode),
      );
      return degraded.length > 0 ? { status: 'ready', degraded } : { status: 'ready' };
    },
  );
}
