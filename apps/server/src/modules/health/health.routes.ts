import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply
        .status(503)
        .send({ error: { code: 'internal', message: 'The database is not answering.' } });
    }
  });
}
