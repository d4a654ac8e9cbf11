const FALLBACK = 'Something went wrong. Please try again.';

/** A failed call to one of better-auth's endpoints, with its error code (e.g. INVALID_TOKEN). */
export class AuthRequestError extends Error {
  override readonly name = 'AuthRequestError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** better-auth's client answers `{ data, error }`; a failed call becomes a thrown error here. */
export async function authRequest<T>(
  call: Promise<{ data: T | null; error: { code?: string; message?: string } | null }>,
): Promise<T | null> {
  const { data, error } = await call;
  if (error) throw new AuthRequestError(error.code ?? 'UNKNOWN', error.message || FALLBACK);
  return data;
}
