import { describe, expect, it } from 'vitest';
import { checkBudget, type BundleBudget } from './bundle-budget.ts';

type Chunk = Parameters<typeof checkBudget>[0][number];

/** A chunk of `bytes` bytes of code that compresses little (gzip keeps about two thirds). */
function chunk(fileName: string, bytes: number, more: Partial<Chunk> = {}): Chunk {
  let code = '';
  let seed = fileName.length;
  while (code.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    code += seed.toString(36);
  }
  return {
    fileName,
    isEntry: false,
    imports: [],
    facadeModuleId: null,
    moduleIds: [],
    code: code.slice(0, bytes),
    ...more,
  };
}

const css = { fileName: 'assets/index.css', source: 'a{color:red}' };
const budget: BundleBudget = {
  entryKb: 40,
  stylesheetKb: 17,
  homePageKb: 200,
  homePageModules: ['src/home-page.tsx'],
};

function build(reactDomKb: number) {
  return [
    chunk('assets/index.js', 30_000, {
      isEntry: true,
      facadeModuleId: '/app/src/main.tsx',
      moduleIds: ['/app/src/main.tsx'],
      viteMetadata: { importedCss: new Set([css.fileName]) },
    }),
    chunk('assets/client.js', reactDomKb * 1000, {
      facadeModuleId: '/app/node_modules/react-dom/client.js',
      moduleIds: ['/app/node_modules/react-dom/client.js'],
    }),
    chunk('assets/home-page.js', 5_000, {
      facadeModuleId: '/app/src/home-page.tsx',
      moduleIds: ['/app/src/home-page.tsx'],
      imports: ['assets/schemas.js'],
    }),
    chunk('assets/schemas.js', 2_000, {
      moduleIds: ['/app/node_modules/zod/v4/classic/schemas.js', '/app/src/user.ts'],
    }),
  ];
}

describe('bundle budget', () => {
  it('counts what the entry loads on every page as soon as it has run as part of the entry', () => {
    expect(checkBudget(build(65), [css], budget)).toEqual([]);
    const problems = checkBudget(build(65), [css], {
      ...budget,
      withEntry: ['node_modules/react-dom/client.js'],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^bundle budget: the entry \(assets\/index\.js, assets\/client\.js\) is \d+\.\d\d kB gzip, over its 40 kB limit$/,
    );
  });

  it('fails a page that loads a package it must not load with its code, naming the chunk', () => {
    const problems = checkBudget(build(10), [css], {
      ...budget,
      without: { packages: ['zod'], pageModules: ['src/home-page.tsx'] },
    });
    expect(problems).toEqual([
      'bundle budget: src/home-page.tsx loads zod with its code (in assets/schemas.js); import it where it is used, on first use',
    ]);
  });

  it('fails a listed page that starts no chunk, so the list cannot go stale', () => {
    const problems = checkBudget(build(10), [css], {
      ...budget,
      without: { packages: ['zod'], pageModules: ['src/gone-page.tsx'] },
    });
    expect(problems).toEqual([
      'bundle budget: no chunk starts at "src/gone-page.tsx"; update without.pageModules',
    ]);
  });
});
