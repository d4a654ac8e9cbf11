import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

function respond(status: number, body?: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session cookie to /api', async () => {
    const fetchMock = respond(201, { ok: true });
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/order', { toolId: 't1', quantity: 5 })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/order');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ toolId: 't1', quantity: 5 }));
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a file as it is, leaving its type to the browser', async () => {
    const fetchMock = respond(201, { img: '/api/tool-image/x' });
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['GIF89a'], 'probe.gif', { type: 'image/gif' });

    await api.post('/tool-image', file);

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
    // What fetch then sends: the file's own type.
    expect(new Request('http://shop.test/', init).headers.get('Content-Type')).toBe('image/gif');
  });

  it("turns the server's error body into an ApiError", async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, {
        error: {
          code: 'validation_failed',
          message: 'Check the highlighted fields.',
          fields: { phone: 'Phone is required' },
        },
      }),
    );

    const error = await caught(api.post('/order', {}));
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Check the highlighted fields.');
    expect(error.fields).toEqual({ phone: 'Phone is required' });
  });

  it('gives a readable message when the error body is not ours', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );

    const error = await caught(api.get('/tool'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/try again/i);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await caught(api.get('/tool'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
  });

  it('refuses a success body that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Portal login</html>', { status: 200 })),
    );

    const error = await caught(api.get('/tool'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(/did not understand/);
  });
});
