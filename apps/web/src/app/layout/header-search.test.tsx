import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tool } from '@voltforge/contract/tool';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, slow, stubFetch } from '../../test/page-harness';
import { renderRoutes } from '../../test/render-route';
import { HeaderSearch } from './header-search';

const tool = (id: string, partNumber: string, name: string): Tool => ({
  _id: id,
  name,
  partNumber,
  img: '/images/tools/tool.webp',
  price: 89.5,
  minOrderQuantity: 1,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 10,
  desc: 'A tool.',
  category: 'Measurement & Test',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const meter = tool(
  '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10',
  'VF-DM200',
  'True-RMS Digital Multimeter',
);
const clamp = tool('6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11', 'VF-CT40', 'Clamp Meter');

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      At {pathname}
      {search}
    </p>
  );
}

/** The search box on a page; GET /api/tool answers `answer(search)`, or waits if it is null. */
function renderSearch(answer: (search: string) => Tool[] | null = () => [meter, clamp]) {
  const fetchMock = stubFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname !== '/api/tool') return undefined;
    const tools = answer(searchParams.get('search') ?? '');
    if (tools) return json(200, tools, { 'X-Total-Count': String(tools.length) });
    return new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      ),
    );
  });
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderSearch className="" />
            <main tabIndex={-1}>
              <Where />
            </main>
          </>
        ),
      },
    ],
    '/',
  );
  const box = screen.getByRole('combobox', { name: 'Search tools' });
  return { fetchMock, box: box as HTMLInputElement };
}

const toolRequests = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/tool'));

describe('the header search', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a form that sends `search` to the catalogue, which works before the app runs', () => {
    const { box, fetchMock } = renderSearch();
    const form = screen.getByRole('search', { name: 'Catalogue' });
    expect(form).toHaveAttribute('action', '/tools');
    expect(form).toHaveAttribute('method', 'get');
    expect(box).toHaveAttribute('name', 'search');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-controls');
    expect(within(form).getByRole('button', { name: 'Find tools' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('suggests tools from two characters on, once typing pauses, and a click opens one', async () => {
    const user = userEvent.setup();
    const { box, fetchMock } = renderSearch();

    await user.type(box, 'V');
    // Well past the pause: one character asks for nothing.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(toolRequests(fetchMock)).toEqual([]);

    await user.type(box, 'F-DM');
    const option = await screen.findByRole('option', { name: /VF-DM200/ }, slow);
    expect(option).toHaveTextContent('VF-DM200True-RMS Digital Multimeter');
    // Typed quickly: one request, for the whole text.
    expect(toolRequests(fetchMock)).toEqual(['/api/tool?search=VF-DM&pageSize=6']);
    const list = screen.getByRole('listbox', { name: 'Suggested tools' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);

    await user.click(option);
    expect(await screen.findByText(`At /tool/${meter._id}`)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('cancels a request the next keystroke makes stale', async () => {
    const user = userEvent.setup();
    const { box, fetchMock } = renderSearch((search) => (search === 'VF' ? null : [meter]));

    await user.type(box, 'VF');
    await waitFor(() => expect(toolRequests(fetchMock)).toHaveLength(1), slow);
    await user.type(box, '-DM');
    expect(await screen.findByRole('option', { name: /VF-DM200/ }, slow)).toBeInTheDocument();
    const [first] = fetchMock.mock.calls;
    expect(first?.[1]?.signal?.aborted).toBe(true);
    expect(toolRequests(fetchMock)).toEqual([
      '/api/tool?search=VF&pageSize=6',
      '/api/tool?search=VF-DM&pageSize=6',
    ]);
  });

  it('moves through the suggestions with the arrow keys, closes on Escape and opens one on Enter', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();

    await user.type(box, 'VF');
    const options = await screen.findAllByRole('option', {}, slow);
    expect(options).toHaveLength(2);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    const activeIs = (option: HTMLElement) => {
      expect(box).toHaveAttribute('aria-activedescendant', option.id);
      expect(option).toHaveAttribute('aria-selected', 'true');
      for (const other of options.filter((o) => o !== option)) {
        expect(other).toHaveAttribute('aria-selected', 'false');
      }
    };
    await user.keyboard('{ArrowDown}');
    activeIs(options[0]!);
    await user.keyboard('{ArrowDown}');
    activeIs(options[1]!);
    await user.keyboard('{ArrowDown}');
    activeIs(options[0]!);
    await user.keyboard('{ArrowUp}');
    activeIs(options[1]!);
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('VF');

    // Down opens the list again, on its first suggestion.
    await user.keyboard('{ArrowDown}');
    const reopened = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', reopened[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(`At /tool/${clamp._id}`)).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('sends what was typed to the catalogue on Enter when no suggestion is chosen', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch((search) => (search.startsWith('me') ? [meter, clamp] : []));

    await user.type(box, 'meter');
    await screen.findAllByRole('option', {}, slow);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('At /tools?search=meter')).toBeInTheDocument();
    expect(box).toHaveValue('');
    // The page's content has the focus (on a phone, the keyboard closes).
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
