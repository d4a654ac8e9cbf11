import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes an already opened and migrated database; closes it when the app closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeOnShutdown) app.addHook('onClose', () => opts.database.close());
  },
  { name: 'db' },
);
