/** GET /api/auth/get-session's answer when signed in (better-auth's session and user). */
export interface SessionAnswer {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Whether get-session's answer is a session (and not null, or something else). */
export function isSessionAnswer(value: unknown): value is SessionAnswer {
  return isObject(value) && isObject(value.session) && isObject(value.user);
}

/** The session's credential and what identifies the device: never written into a page. */
const UNSHOWN_SESSION_FIELDS = ['token', 'ipAddress', 'userAgent'];

/**
 * The session as a page may carry it (a signed-in page rendered for its reader): without its
 * token, address and browser. The app compares a fresh answer with it in the same shape.
 */
export function pageSession(answer: SessionAnswer): SessionAnswer {
  const session = { ...answer.session };
  for (const field of UNSHOWN_SESSION_FIELDS) delete session[field];
  return { session, user: answer.user };
}
