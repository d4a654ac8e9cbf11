import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@voltforge/contract/api-error';
import { isConnectionLost, isDatabaseBusy } from '../db/sql-state.ts';
import { HttpError } from '../http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over the route's `bodyLimit` is told, in place of Fastify's own words. */
    tooLargeMessage?: string;
  }
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * One error path for the whole API, so every client reads errors the same way: JSON with the
 * right status, never internals (docs/architecture.md).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { error: { code: error.code, message: error.message, fields: error.fields } };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.entries(fields)[0];
      const where = error.validationContext === 'querystring' ? 'query parameter' : 'field';
      status = 400;
      body = {
        error: {
          code: 'validation_failed',
          message: first
            ? first[0] === '_'
              ? first[1]
              : `Invalid ${where} "${first[0]}": ${first[1]}`
            : 'Invalid request.',
          fields,
        },
      };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        error: {
          code: 'rate_limited',
          message: 'Too many requests. Please wait a moment and try again.',
        },
      };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      const message = request.routeOptions.config.tooLargeMessage;
      body = { error: { code: 'bad_request', message: message ?? error.message } };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      status = error.statusCode;
      body = { error: { code: 'bad_request', message: error.message } };
    } else if (isDatabaseBusy(error) || isConnectionLost(error)) {
      // A row it needed stayed locked too long (db/client.ts), or its connection was lost (the
      // pool opens a new one): worth repeating in a moment, as Retry-After says.
      request.log.warn({ err: error }, 'database busy: the request gave up waiting');
      status = 503;
      void reply.header('retry-after', '2');
      body = {
        error: {
          code: 'busy',
          message: 'The shop is busy right now. Please try again in a moment.',
        },
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = {
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      };
    }
    void reply.status(status).send(body);
  });
});
