import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preload.ts';

type Chunk = Parameters<typeof routePreloads>[0][number];

const chunk = (fileName: string, more: Partial<Chunk> = {}): Chunk => ({
  fileName,
  isEntry: false,
  imports: [],
  facadeModuleId: null,
  ...more,
});

const chunks = [
  chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
  chunk('assets/react.js'),
  chunk('assets/client.js', {
    facadeModuleId: '/app/node_modules/react-dom/client.js',
    imports: ['assets/react.js', 'assets/scheduler.js'],
  }),
  chunk('assets/scheduler.js'),
  chunk('assets/home-page.js', {
    facadeModuleId: '/app/src/home-page.tsx',
    imports: ['assets/react.js', 'assets/scheduler.js', 'assets/card.js'],
  }),
  chunk('assets/card.js'),
];

describe('route preloads', () => {
  it("lists what the entry loads at once for index.html, and leaves it out of a page's list", () => {
    const { preloads, withEntry, problems } = routePreloads(chunks, {
      pages: { '/': ['src/home-page.tsx'] },
      withEntry: ['node_modules/react-dom/client.js'],
    });
    expect(problems).toEqual([]);
    expect(withEntry).toEqual(['/assets/client.js', '/assets/scheduler.js']);
    expect(preloads).toEqual({ '/': ['/assets/home-page.js', '/assets/card.js'] });
  });

  it('names a module that starts no chunk', () => {
    const { problems } = routePreloads(chunks, {
      pages: {},
      withEntry: ['node_modules/react-dom/gone.js'],
    });
    expect(problems).toEqual([
      'route preload: no chunk starts at "node_modules/react-dom/gone.js"',
    ]);
  });
});
