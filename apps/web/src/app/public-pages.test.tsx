import { matchRoutes } from 'react-router';
import { publicPages, type PublicPage } from '@voltforge/contract/public-pages';
import { describe, expect, it } from 'vitest';
import { preloadRoutes, routes } from './router';

const declared: PublicPage[] = Object.values(publicPages);

// The router makes the public pages from their declaration: each declared module must be there
// and export the declared component, or the page would fail only when someone opens it.
describe('the public pages, as declared', () => {
  it.each(declared.map((page) => [page.path, page] as const))(
    '%s is routed to its declared page, whose code loads',
    async (_path, page) => {
      const url = page.path.replace(':id', 'some-id');
      const leaf = matchRoutes(routes, url)?.at(-1)?.route;
      expect(leaf?.path).toBe(page.path);
      await expect(preloadRoutes(url)).resolves.toBeUndefined();
    },
    10_000,
  );
});
