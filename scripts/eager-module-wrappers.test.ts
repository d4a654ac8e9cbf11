import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eagerModuleWrappers, eagerWrappers } from './eager-module-wrappers.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eager-wrappers-'));
  await writeFile(
    join(dir, 'lib.cjs'),
    'exports.answer = 42;\nmodule.exports = function answer() { return exports.answer; };\n',
  );
  await writeFile(
    join(dir, 'entry.js'),
    "import answer from './lib.cjs';\nglobalThis.__answer = answer();\n",
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The minified chunk Vite builds from entry.js, as the web app's build would. */
async function builtChunk(plugins: ReturnType<typeof eagerModuleWrappers>[]): Promise<string> {
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: true,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: join(dir, 'entry.js') },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const output = Array.isArray(result) ? result[0]!.output : result.output;
  const chunk = output.find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('the build wrote no chunk');
  return chunk.code;
}

/** Runs a built chunk and returns what it computed. */
async function run(code: string): Promise<unknown> {
  const global = globalThis as { __answer?: unknown };
  delete global.__answer;
  await import(`data:text/javascript,${encodeURIComponent(code)}`);
  return global.__answer;
}

describe('eager module wrappers', () => {
  it("builds a CommonJS module's wrapper as a parenthesised function expression that still runs", async () => {
    const code = await builtChunk([eagerModuleWrappers()]);
    // `((function(e,t){e.answer=42…}))`: what V8 compiles with the chunk.
    expect(code).toMatch(/\(\(function\([\w$]+,[\w$]+\)\{[\w$]+\.answer=42/);
    expect(code).not.toMatch(/=>\{[\w$]+\.answer=42/);
    expect(await run(code)).toBe(42);
  });

  it('Rolldown still writes the wrapper as the arrow function it rewrites', async () => {
    // Without the plugin: the form it expects, minified. When this fails, Rolldown's output has
    // changed, and the plugin (which fails the build on a form it does not know) needs a look.
    const code = await builtChunk([]);
    expect(code).toMatch(/\(\(\([\w$]+,[\w$]+\)=>\{[\w$]+\.answer=42/);
    expect(await run(code)).toBe(42);
  });

  it('counts a wrapper call it does not recognise, which fails the build', () => {
    const known = eagerWrappers(
      'var a = /* @__PURE__ */ __commonJSMin(((exports, module) => {\n}));',
    );
    expect(known).toMatchObject({ rewrites: 1, calls: 1 });
    expect(known.code).toContain('__commonJSMin((function(exports, module) {');

    const changed = eagerWrappers('var a = __commonJSMin((exports) => {\n});');
    expect(changed).toMatchObject({ rewrites: 0, calls: 1 });
  });
});
