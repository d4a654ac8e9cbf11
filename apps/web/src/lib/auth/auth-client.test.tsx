import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClientModule from './auth-client';

const sessionBody = {
  session: {
    id: 's1',
    userId: 'u1',
    token: 'tok',
    expiresAt: '2030-01-02T03:04:05.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  user: {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: false,
    image: null,
    role: 'user',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers get-session from `answers` in turn (the last one repeats) and records every URL. */
function serveSessions(...answers: (() => Response)[]) {
  const urls: string[] = [];
  let next = 0;
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    const answer = answers[Math.min(next, answers.length - 1)]!;
    next += 1;
    return Promise.resolve(answer());
  });
  vi.stubGlobal('fetch', fetchMock);
  return urls;
}

let authClient: typeof AuthClientModule.authClient;

function Who() {
  const { data, isPending, error } = authClient.useSession();
  if (isPending) return <p>checking</p>;
  if (error) return <p>error: {error.message}</p>;
  return (
    <p>{data ? `${data.user.name} until ${data.session.expiresAt.getUTCFullYear()}` : 'nobody'}</p>
  );
}

describe('the session store', () => {
  beforeEach(async () => {
    // Each test starts from a page that has not read the session yet.
    vi.resetModules();
    ({ authClient } = await import('./auth-client'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the session with one plain request and shows who is signed in, with real dates', async () => {
    const urls = serveSessions(() => json(sessionBody));
    render(<Who />);
    expect(screen.getByText('checking')).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace until 2030')).toBeInTheDocument();
    expect(urls).toEqual(['/api/auth/get-session']);
  });

  it('reads the session of a page rendered for its reader again only once the page is hydrated', async () => {
    const urls = serveSessions(() => json(sessionBody));
    const { seedSession } = await import('./auth-client');
    const hydration = await import('../first-paint/hydration');
    seedSession(sessionBody);
    hydration.hydrationStarts();
    render(<Who />);
    expect(screen.getByText('Ada Lovelace until 2030')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(urls).toEqual([]);
    hydration.pageHydrated();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(urls).toEqual(['/api/auth/get-session']);
  });

  it('reads the session at once on a page rendered without one, hydrating or not', async () => {
    const urls = serveSessions(() => json(null));
    const hydration = await import('../first-paint/hydration');
    hydration.hydrationStarts();
    render(<Who />);
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    expect(urls).toEqual(['/api/auth/get-session']);
  });

  it('shows a visitor as signed out when get-session answers null', async () => {
    serveSessions(() => json(null));
    render(<Who />);
    expect(await screen.findByText('nobody')).toBeInTheDocument();
  });

  it('treats an answer that is not a session as an error, not as a user', async () => {
    serveSessions(() => json({ user: 'root' }));
    render(<Who />);
    expect(
      await screen.findByText('error: The session answer was not understood.'),
    ).toBeInTheDocument();
  });

  it('reads the session again on the session signal (a sign-in popup finished)', async () => {
    const urls = serveSessions(
      () => json(null),
      () => json(sessionBody),
    );
    render(<Who />);
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    act(() => authClient.$store.notify('$sessionSignal'));
    expect(await screen.findByText('Ada Lovelace until 2030')).toBeInTheDocument();
    expect(urls).toEqual(['/api/auth/get-session', '/api/auth/get-session']);
  });
});
