import { matchRoutes } from 'react-router';
import { publicPages, type PublicPage } from '@voltforge/contract/public-pages';
import { describe, expect, it } from 'vitest';
import { pages, type PageLine } from '../lib/pages';
import { preloadRoutes, routes } from './router';

const lines: PageLine[] = Object.values(pages);
const declared: PublicPage[] = Object.values(publicPages);

// The router makes every page from its line in the page table: each module must be there and
// export the line's component, or the page would fail only when someone opens it.
describe('the page table', () => {
  it.each(lines.map((line) => [line.path, line] as const))(
    '%s is routed to its page, whose code loads',
    async (_path, line) => {
      const url = line.path.replace(':id', 'some-id');
      const leaf = matchRoutes(routes, url)?.at(-1)?.route;
      expect(leaf?.path ?? (leaf?.index ? pages.dashboard.path : undefined)).toBe(line.path);
      await expect(preloadRoutes(url)).resolves.toBeUndefined();
    },
    10_000,
  );

  it('has a line for every public page the server serves, open to anyone', () => {
    for (const page of declared) {
      const line = lines.find((candidate) => candidate.path === page.path);
      expect(line?.access, page.path).toMatch(/^public/);
    }
  });
});
