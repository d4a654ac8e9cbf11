import { describe, expect, it } from 'vitest';
import { publicPages, type PublicPage } from '@voltforge/contract/public-pages';
import { signedInPages } from '@voltforge/contract/signed-in-pages';
import type { PageReadRequest } from '@voltforge/contract/page-render';
import { webRenderer } from '../../test/web-renderer.ts';

/** A concrete URL of a route pattern. */
const urlOf = (pattern: string) => pattern.replace(':id', 'some-id');

/** The reads the renderer asks for while rendering `url`, answered with nothing. */
async function readsOf(url: string, session?: { session: object; user: object }) {
  const asked: PageReadRequest[] = [];
  await webRenderer.render(
    url,
    (reads) => {
      asked.push(...reads);
      return Promise.resolve({});
    },
    { session: session as never, renderedAt: Date.now() },
  );
  return asked.map((read) => read.path);
}

const reader = (role: string) => ({
  session: { id: 's1', userId: 'u1' },
  user: { id: 'u1', email: 'reader@example.com', name: 'Reader', role },
});

// The server renders these pages with what their loaders read (docs/architecture.md, "Pages"): a
// page that lost its loader would still render, with spinners where its content was.
describe("the pages' loaders", () => {
  const withData = Object.values(publicPages as Record<string, PublicPage>).filter(
    (page) => page.firstPaint !== 'static',
  );

  it.each(withData.map((page) => page.path))(
    'give the public page %s its reads as a visitor, each an API path',
    async (path) => {
      const reads = await readsOf(urlOf(path));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).toMatch(/^\/[^/]/);
    },
  );

  it.each([...signedInPages])(
    'give the page %s, rendered for a signed-in reader, its reads as that reader',
    async (path) => {
      const reads = await readsOf(urlOf(path), reader('user'));
      // The site frame's cart and at least one read of the page's own.
      expect(reads).toContain('/cart');
      expect(reads.filter((read) => read !== '/cart').length).toBeGreaterThan(0);
    },
  );

  it("read an admin's overview on /dashboard and a customer's orders", async () => {
    expect(await readsOf('/dashboard', reader('admin'))).toContain('/admin/overview?days=30');
    expect(await readsOf('/dashboard', reader('user'))).toContain(
      '/order?email=reader%40example.com',
    );
  });

  // A loader never handles a failed read itself: the render fails, and the server serves the shell
  // (web-ssr.test.ts), whose app reads again and says what went wrong. A page whose loader caught
  // the failure would be served as if it had nothing to show.
  it.each([...new Set([...withData.map((page) => page.path), ...signedInPages])])(
    'fail the render of %s when a read fails, never render it as empty',
    async (path) => {
      const render = webRenderer.render(
        urlOf(path),
        () => Promise.reject(new Error('the API is down')),
        { session: reader('user'), renderedAt: Date.now() },
      );
      await expect(render).rejects.toThrow('the API is down');
    },
  );

  it('read nothing for a page without data', async () => {
    expect(await readsOf('/about')).toEqual([]);
  });
});
