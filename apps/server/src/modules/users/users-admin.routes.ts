import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

export async function usersAdminRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
