import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from './test-app.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: ErrorSchema }> }>;
}
interface ErrorSchema {
  properties?: { error?: { required?: string[]; properties?: Record<string, unknown> } };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** Routes that are never rate limited: probes, and Stripe's retried webhook deliveries. */
const NOT_RATE_LIMITED = ['get /api/health', 'get /api/ready', 'post /api/payments/webhook'];

let t: TestApp;
let operations: { name: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await request(t.app, { method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<OpenApiDocument>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
  );
});
afterAll(() => t.close());

/** The operations (by name) whose documented responses lack any of `statuses`. */
function lacking(statusesOf: (name: string, op: Operation) => number[]): Record<string, number[]> {
  const missing: Record<string, number[]> = {};
  for (const { name, op } of operations) {
    const absent = statusesOf(name, op).filter((status) => !(String(status) in op.responses));
    if (absent.length > 0) missing[name] = absent;
  }
  return missing;
}

describe('the API reference at /api/docs/json', () => {
  it('documents the shop API, but not better-auth’s own endpoints', () => {
    const names = operations.map((o) => o.name);
    expect(names).toContain('post /api/order');
    expect(names).toContain('patch /api/order/{id}/status');
    expect(names.filter((n) => n.includes('/api/auth/'))).toEqual([]);
  });

  it('lists 500 and 503 on every route, and 429 on every rate-limited one', () => {
    expect(
      lacking((name) => (NOT_RATE_LIMITED.includes(name) ? [500, 503] : [429, 500, 503])),
    ).toEqual({});
  });

  it('lists 400 on every route that takes parameters, a query or a body', () => {
    expect(
      lacking((_name, op) => ((op.parameters?.length ?? 0) > 0 || op.requestBody ? [400] : [])),
    ).toEqual({});
  });

  it('lists 404 on every route with a path parameter', () => {
    expect(
      lacking((_name, op) => (op.parameters?.some((p) => p.in === 'path') ? [404] : [])),
    ).toEqual({});
  });

  it('describes every error response with the shared error body', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const error = response.content?.['application/json']?.schema?.properties?.error;
        const shaped =
          error?.required?.includes('code') &&
          error.required.includes('message') &&
          error.properties &&
          'fields' in error.properties;
        if (!shaped) wrong.push(`${name} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
