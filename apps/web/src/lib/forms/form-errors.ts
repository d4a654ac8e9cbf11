import { ApiError } from '../api/api-client';

/** The part of react-hook-form's `setError` this needs; its own `setError` fits. */
type SetFieldError<F extends string> = (name: F, error: { message: string }) => void;

/**
 * Shows the server's per-field messages (a 400's `fields`) under the form's own fields. Only the
 * listed fields are set: a message for a field the form does not show would be lost. Returns
 * whether the error carried field messages, so the caller can decide what else to say.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  fieldNames: readonly F[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  for (const field of fieldNames) {
    const message = error.fields[field];
    if (message) setError(field, { message });
  }
  return true;
}
