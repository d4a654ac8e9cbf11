import type { ErrorCode } from '@voltforge/contract/api-error';

/** The one error type services throw; the error handler turns it into the API's JSON body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
/** `fields` names what conflicts, when there are several (e.g. each short line of a checkout). */
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);
/** A limit of the shop's own (not the request rate limiter's) reached: try again later. */
export const tooMany = (message: string) => new HttpError(429, 'rate_limited', message);
