import type { ApiErrorBody } from '@voltforge/contract/api-error';

/** The one error type every call to `/api/*` rejects with, whatever went wrong (docs/architecture.md). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call: the server's (or network's) message, else a fallback. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Status 0: the request never got an answer (offline, server down, DNS, CORS). */
export const NETWORK_ERROR_CODE = 'network_error';
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

const fallbackMessages: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Please log in to continue.',
  403: 'You do not have permission to do that.',
  404: 'We could not find what you were looking for.',
  409: 'That conflicts with the current state. Please refresh and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'bad_request';
}

/*
 * Checked by hand rather than with the contract's zod schema: this module is in the entry chunk
 * of every page, and zod would more than double that chunk. The type still comes from the
 * contract, so the shape is defined once.
 */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** A body that is not JSON at all: a proxy's error page, say, or a cut-off answer. */
const NOT_JSON = Symbol('not JSON');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields);
  }
  const message =
    fallbackMessages[status] ??
    (status >= 500
      ? 'Something went wrong on our side. Please try again in a moment.'
      : 'The request failed.');
  return new ApiError(status, codeForStatus(status), message);
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  { body, signal }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file (a picture upload) goes as it is, and the browser sends its type.
  const raw = body instanceof Blob;
  if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: raw || body === undefined ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // An abort is a cancellation the caller asked for (TanStack Query relies on it), not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response.status, payload);

  if (payload === NOT_JSON) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an answer we did not understand. Please try again later.',
    );
  }
  // Not parsed again here: the server serializes every answer through its contract schema and
  // refuses one that does not match (docs/decisions/004-response-parsing.md), so T, inferred
  // from that same schema, describes the body.
  return { data: payload as T, headers: response.headers };
}

async function dataOf<T>(response: Promise<ApiResponse<T>>): Promise<T> {
  return (await response).data;
}

type Options = Omit<RequestOptions, 'body'>;

/**
 * Paths are relative to `/api`, e.g. `api.get<ToolList>('/tool')` calls `GET /api/tool`. Each call
 * names the contract type of its answer (inferred from the schema the server answers with).
 */
export const api = {
  get: <T>(path: string, options?: Options) => dataOf(apiRequest<T>('GET', path, options)),
  post: <T>(path: string, body: unknown, options?: Options) =>
    dataOf(apiRequest<T>('POST', path, { ...options, body })),
  put: <T>(path: string, body: unknown, options?: Options) =>
    dataOf(apiRequest<T>('PUT', path, { ...options, body })),
  patch: <T>(path: string, body: unknown, options?: Options) =>
    dataOf(apiRequest<T>('PATCH', path, { ...options, body })),
  delete: <T>(path: string, options?: Options) => dataOf(apiRequest<T>('DELETE', path, options)),
};
