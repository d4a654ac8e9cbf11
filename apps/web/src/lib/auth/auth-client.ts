import { useContext, useSyncExternalStore } from 'react';
import {
  isSessionAnswer,
  pageSession,
  type SessionAnswer,
} from '@voltforge/contract/session-answer';
import type { Role } from '@voltforge/contract/user';
import { afterHydration } from '../first-paint/hydration';
import { RenderedSession, type SessionState as SessionStateOf } from './rendered-session';

/**
 * better-auth lives on the same origin as the SPA, under /api/auth. Its client is a large chunk
 * that a visitor reading the catalogue never needs, so it loads on the first sign-in, sign-up or
 * sign-out call; every page load only reads the session, which here is one plain fetch of
 * get-session. No adminClient: the shop's admin work goes through /api/user.
 * inferAdditionalFields only types the server's `role` field on the session's user.
 */
async function createBetterAuthClient() {
  const [{ createAuthClient }, { inferAdditionalFields }] = await Promise.all([
    import('better-auth/client'),
    import('better-auth/client/plugins'),
  ]);
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: '/api/auth',
    plugins: [
      inferAdditionalFields({
        user: { role: { type: ['user', 'admin'] satisfies Role[], required: false, input: false } },
      }),
    ],
  });
}

type BetterAuthClient = Awaited<ReturnType<typeof createBetterAuthClient>>;

export type AuthSession = BetterAuthClient['$Infer']['Session'];
export type AuthUser = AuthSession['user'];

let betterAuthClient: Promise<BetterAuthClient> | undefined;

function loadBetterAuthClient(): Promise<BetterAuthClient> {
  betterAuthClient ??= createBetterAuthClient().catch((error: unknown) => {
    // A failed chunk download (offline) must not stick: the next call tries again.
    betterAuthClient = undefined;
    throw error;
  });
  return betterAuthClient;
}

type SessionState = SessionStateOf<AuthSession>;

/** Before the first answer: the session is being read. */
const checking: SessionState = { data: null, isPending: true, error: null };

let state: SessionState = checking;
let started = false;
let latestRequest = 0;
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

const dateFields = {
  session: ['expiresAt', 'createdAt', 'updatedAt'],
  user: ['createdAt', 'updatedAt'],
};

/**
 * get-session answers `null` (signed out) or `{ session, user }`. JSON carries dates as strings;
 * they become Dates as the better-auth client would make them. Anything else is an error, not a
 * session.
 */
function parseSession(body: unknown): AuthSession | null {
  if (body === null) return null;
  if (
    !isSessionAnswer(body) ||
    typeof body.session.id !== 'string' ||
    typeof body.user.id !== 'string'
  ) {
    throw new Error('The session answer was not understood.');
  }
  const session = { ...body.session };
  const user = { ...body.user };
  for (const [object, fields] of [
    [session, dateFields.session],
    [user, dateFields.user],
  ] as const) {
    for (const field of fields) {
      const value = object[field];
      if (typeof value === 'string') object[field] = new Date(value);
    }
  }
  return { session, user } as unknown as AuthSession;
}

/** The last answer read, as text: an answer that says the same again changes nothing. */
let lastAnswer: string | undefined;
/** The page was rendered with the session it starts from (`seedSession`). */
let renderedWithSession = false;

/** Reads the session again; when calls overlap, only the newest answer counts. */
async function refreshSession(): Promise<void> {
  started = true;
  const request = ++latestRequest;
  try {
    const res = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`Could not read the session (HTTP ${res.status}).`);
    const body: unknown = await res.json();
    const data = parseSession(body);
    const answer = JSON.stringify(data && pageSession(body as SessionAnswer));
    if (request !== latestRequest) return;
    // The same session again (the one a signed-in page was rendered with): the page renders
    // nothing anew, which also keeps a page still hydrating as the server made it.
    if (answer === lastAnswer && state.data && !state.error) return;
    lastAnswer = answer;
    setState({ data, isPending: false, error: null });
  } catch (error) {
    if (request !== latestRequest) return;
    const err = error instanceof Error ? error : new Error(String(error));
    setState({ data: state.data, isPending: false, error: err });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    // A page rendered with the session (`seedSession`) reads it again once it is hydrated; any
    // other page reads it at once.
    if (renderedWithSession) afterHydration(() => void refreshSession());
    else void refreshSession();
  }
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** A get-session answer as the session state it makes; throws when it is not one. */
export function sessionStateOf(answer: unknown): SessionState {
  return { data: parseSession(answer), isPending: false, error: null };
}

/**
 * Starts from the session a signed-in page was rendered with (its first data), as if just read:
 * the page hydrates with it, and the session is read again once the page is hydrated. Returns
 * the state, for `RenderedSession`; undefined when the answer is not a session.
 */
export function seedSession(answer: SessionAnswer): SessionState | undefined {
  try {
    state = sessionStateOf(answer);
  } catch {
    return undefined;
  }
  lastAnswer = JSON.stringify(answer);
  renderedWithSession = true;
  return state;
}

/**
 * What the server renders and the browser hydrates with: the session the page was rendered with
 * (`RenderedSession`), else "being read", whatever has been read since. Hydration can finish part
 * of a page after the rest has mounted and asked for the session; rendering that part with a
 * later answer would not match the server's HTML. React renders again with the real state once
 * hydrated.
 */
const useServerSnapshot = () => {
  const rendered = useContext(RenderedSession) as SessionState | undefined;
  return () => rendered ?? checking;
};

/**
 * Runs a better-auth call once its client has loaded, then reads the session again before
 * answering, so whoever awaited a sign-in already sees the new user (and a sign-out, nobody).
 */
function afterLoad<F extends (...args: never[]) => Promise<unknown>>(
  pick: (client: BetterAuthClient) => F,
): F {
  const call = async (...args: Parameters<F>) => {
    const result = await pick(await loadBetterAuthClient())(...args);
    await refreshSession();
    return result;
  };
  return call as F;
}

/**
 * The parts of the better-auth client the app uses, with the same names and types:
 * `useSession()` (data, isPending, error, refetch), sign-in, sign-up, sign-out, the password
 * reset and address confirmation calls, `preload`, and the session signal for a session that
 * changed elsewhere (a sign-in popup).
 */
export const authClient = {
  useSession() {
    const snapshot = useSyncExternalStore(subscribe, getSnapshot, useServerSnapshot());
    return { ...snapshot, refetch: refreshSession };
  },
  signIn: {
    email: afterLoad((client) => client.signIn.email),
    social: afterLoad((client) => client.signIn.social),
  },
  signUp: {
    email: afterLoad((client) => client.signUp.email),
  },
  signOut: afterLoad((client) => client.signOut),
  requestPasswordReset: afterLoad((client) => client.requestPasswordReset),
  resetPassword: afterLoad((client) => client.resetPassword),
  sendVerificationEmail: afterLoad((client) => client.sendVerificationEmail),
  /** Fetches the client ahead of a call (a sign-in form's focus); the call reports a failure. */
  preload: (): void => void loadBetterAuthClient().catch(() => undefined),
  $store: {
    notify(signal: '$sessionSignal') {
      if (signal === '$sessionSignal') void refreshSession();
    },
  },
};
