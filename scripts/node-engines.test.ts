import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The shop runs on the Node.js the README names (package.json's `engines`: 20.19 or newer). Every
 * package the lock installs must say it runs there too, or `npm install` warns (EBADENGINE) and
 * the package may use what Node 20 lacks. Where a dependency's newest release wants Node 22, the
 * root package.json's `overrides` pins the last release that does not (cookie 1 for
 * light-my-request, content-disposition 2 for @fastify/static: the same functions they call).
 */
const root = new URL('../', import.meta.url);
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as unknown;

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

describe('the Node.js version the shop names', () => {
  it('is accepted by every installed package', () => {
    const { engines } = readJson('package.json') as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const lock = readJson('package-lock.json') as Lock;
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.startsWith('node_modules/'))
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(oldest!, wanted, { includePrerelease: true })
          ? [`${path}@${entry.version ?? '?'} wants node ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
