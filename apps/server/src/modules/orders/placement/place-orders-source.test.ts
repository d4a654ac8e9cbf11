import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The placement's database function has one source, place-orders.sql; migrations copy it. This
 * fails while the newest migration that (re)defines the function says anything else, so a change
 * to the source cannot be forgotten in a migration, nor a migration drift from the source.
 */
const drizzle = new URL('../../../../drizzle/', import.meta.url);
const functionOf = (sql: string): string | undefined => {
  const start = sql.search(/CREATE (OR REPLACE )?FUNCTION "voltforge_place_orders"/);
  if (start < 0) return undefined;
  const body = sql.slice(start);
  return body
    .slice(0, body.indexOf('$$;') + 3)
    .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')
    .trim();
};

describe('the placement function', () => {
  it('is defined by the newest migration exactly as its source file says', () => {
    const source = functionOf(readFileSync(new URL('./place-orders.sql', import.meta.url), 'utf8'));
    expect(source).toBeDefined();
    const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', drizzle), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const defining = journal.entries
      .map((e) => ({
        tag: e.tag,
        fn: functionOf(readFileSync(new URL(`${e.tag}.sql`, drizzle), 'utf8')),
      }))
      .filter((m) => m.fn !== undefined);
    const newest = defining.at(-1);
    expect(newest?.tag, 'a migration defines voltforge_place_orders').toBeDefined();
    expect(newest!.fn, `${newest!.tag}.sql copies place-orders.sql`).toBe(source);
  });

  it('leaves announcing catalogue changes to the tool table trigger', () => {
    const source = readFileSync(new URL('./place-orders.sql', import.meta.url), 'utf8');
    expect(source).not.toMatch(/pg_notify/);
  });
});
