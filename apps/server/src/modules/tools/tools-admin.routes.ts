import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

export async function toolsAdminRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
