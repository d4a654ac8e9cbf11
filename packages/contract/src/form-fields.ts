import { z } from 'zod';

/** A text field that must not be blank: trimmed, then `required` when empty, `tooLong` past `max`. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * A person's name is one line: a line break or another control character in it would reach
 * mail headers and logs as if it were a new line (a name with "\r\nBcc: …" in a subject).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
export const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
export const oneLineMessage =
  'A name must be on one line, without line breaks or control characters.';
