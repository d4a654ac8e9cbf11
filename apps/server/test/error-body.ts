import type { LightMyRequestResponse } from 'fastify';
import { apiErrorBodySchema, type ApiErrorBody } from '@voltforge/contract/api-error';

/** The `error` of an API error reply; fails the test when the body is not the shared error shape. */
export function errorOf(res: LightMyRequestResponse): ApiErrorBody['error'] {
  const body = res.json<ApiErrorBody>();
  apiErrorBodySchema.parse(body);
  return body.error;
}
