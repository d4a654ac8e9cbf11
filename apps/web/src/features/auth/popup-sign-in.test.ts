import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInPopup } from './popup-sign-in';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/auth/auth-client', () => ({ authClient: { $store: { notify } } }));

interface FakePopup {
  closed: boolean;
  close: () => void;
}

let popup: FakePopup | null;
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  notify.mockReset();
  popup = {
    closed: false,
    close() {
      this.closed = true;
    },
  };
  open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const attempt = () =>
  signInPopup({
    provider: 'google',
    callbackURL: '/tools',
    errorCallbackURL: '/login?provider=google',
  });

/** What the completion page posts to its opener (origin defaults to this page's). */
function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

const nonceOf = () => new URL(String(open.mock.calls[0]?.[0])).searchParams.get('popupNonce');

describe('signInPopup', () => {
  it("opens a 500×600 window on better-auth's popup start, for this origin", () => {
    void attempt();
    const [url, , features] = open.mock.calls[0] as [string, string, string];
    const start = new URL(url);
    expect(`${start.origin}${start.pathname}`).toBe(
      `${window.location.origin}/api/auth/oauth-popup/start`,
    );
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      provider: 'google',
      popupOrigin: window.location.origin,
      callbackURL: '/tools',
      errorCallbackURL: '/login?provider=google',
    });
    expect(nonceOf()).toMatch(/^[0-9a-f]{32}$/);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
  });

  it('says POPUP_BLOCKED when the browser gives no window', async () => {
    popup = null;
    await expect(attempt()).resolves.toMatchObject({ error: { code: 'POPUP_BLOCKED' } });
  });

  it('succeeds on the answer with a session token, and refreshes the session', async () => {
    const result = attempt();
    post({ type: 'better-auth:oauth-popup', nonce: nonceOf(), token: 'session-token' });
    await expect(result).resolves.toEqual({ error: null });
    expect(notify).toHaveBeenCalledWith('$sessionSignal');
    expect(popup?.closed).toBe(true);
  });

  it("passes on the provider's error code, e.g. a cancel", async () => {
    const result = attempt();
    post({
      type: 'better-auth:oauth-popup',
      nonce: nonceOf(),
      error: { code: 'access_denied', description: 'The user cancelled the sign-in.' },
    });
    await expect(result).resolves.toEqual({
      error: { code: 'access_denied', message: 'The user cancelled the sign-in.' },
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('ignores answers from another origin or for another attempt', async () => {
    const result = attempt();
    post({ type: 'better-auth:oauth-popup', nonce: nonceOf(), token: 't' }, 'https://evil.example');
    post({ type: 'better-auth:oauth-popup', nonce: 'someone-elses', token: 't' });
    post({ type: 'something-else', nonce: nonceOf(), token: 't' });
    popup?.close();
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(result).resolves.toMatchObject({ error: { code: 'POPUP_CLOSED' } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('waits 2 seconds after the window closes for an answer still on its way', async () => {
    const result = attempt();
    popup?.close();
    await vi.advanceTimersByTimeAsync(1_500);
    post({ type: 'better-auth:oauth-popup', nonce: nonceOf(), error: { code: 'access_denied' } });
    await expect(result).resolves.toMatchObject({ error: { code: 'access_denied' } });
  });

  it('says POPUP_CLOSED 2 seconds after the user closes the window, not before', async () => {
    const result = attempt();
    let settled = false;
    void result.then(() => (settled = true));
    popup?.close();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toMatchObject({ error: { code: 'POPUP_CLOSED' } });
  });

  it('gives up after five minutes', async () => {
    const result = attempt();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await expect(result).resolves.toMatchObject({ error: { code: 'POPUP_TIMEOUT' } });
    expect(popup?.closed).toBe(true);
  });
});
