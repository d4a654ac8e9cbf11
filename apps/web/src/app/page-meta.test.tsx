import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api/query-client';
import { fakeAuth, signedInAs } from '../test/fake-auth-client';
import { pages, type PageLine } from '../lib/pages';
import { AppRoutes } from './router';

vi.mock('../lib/auth/auth-client', async () => ({
  authClient: (await import('../test/fake-auth-client')).fakeAuth.client,
}));

const lines: PageLine[] = Object.values(pages);
const UNSET = 'unset';

// Every page names itself in the tab and the search result: a page added to the table without its
// title and description fails here, before anyone sees a tab called "Voltforge" on every page.
describe('every page in the table', () => {
  beforeEach(() => {
    fakeAuth.reset();
    // An admin may open every page; the API answers only that, so each page shows itself loading.
    fakeAuth.session = signedInAs('Ada Lovelace');
    vi.stubGlobal('fetch', (input: string | URL | Request) =>
      (input instanceof Request ? input.url : input.toString()).includes('/api/admin/')
        ? Promise.resolve(Response.json({ admin: true }))
        : new Promise(() => {}),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    document.title = UNSET;
    document.head.querySelector('meta[name="description"]')?.remove();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(lines.map((line) => [line.path, line] as const))(
    '%s sets its title and description',
    async (_path, line) => {
      const url = line.path.replace(':id', 'some-id');
      render(
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[url]}>
            <AppRoutes />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      // The home page is the shop's own name; every other page is titled "<its title> | Voltforge".
      const title = line === pages.home ? /^Voltforge$/ : /\S \| Voltforge$/;
      await waitFor(() => expect(document.title).toMatch(title), { timeout: 10_000 });
      const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      expect(description?.content.length).toBeGreaterThan(10);
    },
    15_000,
  );
});
