import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages, toolFieldMessages } from '@voltforge/contract/admin';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import {
  MAX_TOOL_IMAGE_BYTES,
  toolImageMessages,
  toolImageUrl,
} from '@voltforge/contract/tool-image-rules';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { AddToolPage } from './add-tool-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));
// jsdom loads no pictures: each test says which addresses open as one.
const loads = vi.hoisted(() => ({ ok: (src: string) => !src.includes('broken') }));
vi.mock('../../lib/page/load-image', () => ({
  imageLoads: (src: string) => Promise.resolve(loads.ok(src)),
}));

const slow = { timeout: 8_000 };
const tool: AdminTool = {
  _id: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  name: 'VF-PS3005 Bench Supply',
  partNumber: 'VF-PS3005',
  img: '/images/tools/vf-ps3005-bench-supply.svg',
  price: 159,
  minOrderQuantity: 1,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 54,
  desc: 'A 30 V, 5 A linear bench supply.',
  category: 'Power Supplies',
  createdAt: '2026-11-01T00:00:00.000Z',
  lowStockThreshold: 2,
  customLowStockThreshold: null,
  lowStock: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
function renderPage(
  path: string,
  respond: (url: string, init?: RequestInit) => Response | undefined,
) {
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      respond(url, init) ??
        (url === '/api/tool/categories'
          ? json(200, [{ category: 'Power Supplies', count: 2 }])
          : url === `/api/admin/tools/${tool._id}`
            ? json(200, tool)
            : json(404, { error: { code: 'not_found', message: 'Not found.' } })),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return renderRoutes(
    [
      { path: '/dashboard/addTool', element: <AddToolPage /> },
      { path: '/dashboard/manageTools', element: <p>Manage page</p> },
    ],
    path,
  );
}

/** Pasting is much faster than typing on a busy machine, and as real for a form. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([url, init]) => ({
      url: url as string,
      body: JSON.parse((init as RequestInit).body as string) as unknown,
    }));

describe('AddToolPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates with the contract, sends the tool, toasts and resets', async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/addTool', (url, init) =>
      init?.method === 'POST' ? json(201, { ...tool, _id: 'new' }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Tool' }, slow));
    expect(await screen.findByText(toolFieldMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(toolFieldMessages.priceRequired)).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);

    await fill(user, screen.getByLabelText('Name'), 'Logic Probe');
    await fill(user, screen.getByLabelText('Part number'), 'VF-LP1');
    await fill(user, screen.getByLabelText('Available quantity'), '30');
    await fill(user, screen.getByLabelText('Minimum order quantity'), '2');
    await fill(user, screen.getByLabelText('Price (USD per unit)'), '0');
    await user.selectOptions(screen.getByLabelText('Category'), 'New category…');
    await fill(user, screen.getByLabelText('New category name'), 'Test');
    await fill(user, screen.getByLabelText('Description'), 'Probes logic levels.');
    await fill(user, screen.getByLabelText('Photo URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(await screen.findByText(toolFieldMessages.pricePositive)).toBeInTheDocument();
    expect(screen.getByText(toolFieldMessages.imgInvalid)).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Price (USD per unit)'), '12.5');
    await fill(user, screen.getByLabelText('Photo URL'), 'https://example.com/probe.png');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolAdded));
    expect(sent('POST')).toEqual([
      {
        url: '/api/tool',
        body: {
          partNumber: 'VF-LP1',
          lowStockThreshold: null,
          name: 'Logic Probe',
          inStock: 30,
          minOrderQuantity: 2,
          orderMultiple: 1,
          price: 12.5,
          priceBreaks: [],
          category: 'Test',
          desc: 'Probes logic levels.',
          img: 'https://example.com/probe.png',
        },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it("shows the server's field messages under the fields and no success", async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/addTool', (_url, init) =>
      init?.method === 'POST'
        ? json(400, {
            error: {
              code: 'validation_failed',
              message: 'Invalid field "name"',
              fields: { name: 'Name is taken on the server' },
            },
          })
        : undefined,
    );
    await fill(user, await screen.findByLabelText('Name', {}, slow), 'Logic Probe');
    await fill(user, screen.getByLabelText('Part number'), 'VF-LP1');
    await fill(user, screen.getByLabelText('Available quantity'), '30');
    await fill(user, screen.getByLabelText('Minimum order quantity'), '2');
    await fill(user, screen.getByLabelText('Price (USD per unit)'), '12');
    await user.selectOptions(
      await screen
        .findByRole('option', { name: 'Power Supplies' })
        .then(() => screen.getByLabelText('Category')),
      'Power Supplies',
    );
    await fill(user, screen.getByLabelText('Description'), 'Probes logic levels.');
    await fill(user, screen.getByLabelText('Photo URL'), '/images/tools/probe.svg');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(await screen.findByText('Name is taken on the server')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('offers the existing category when a new one differs only by case or spaces', async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/addTool', (_url, init) =>
      init?.method === 'POST' ? json(201, { ...tool, _id: 'new' }) : undefined,
    );
    await screen.findByRole('option', { name: 'Power Supplies' }, slow);
    await fill(user, screen.getByLabelText('Name'), 'Bench Supply');
    await fill(user, screen.getByLabelText('Part number'), 'VF-BS1');
    await fill(user, screen.getByLabelText('Available quantity'), '3');
    await fill(user, screen.getByLabelText('Minimum order quantity'), '1');
    await fill(user, screen.getByLabelText('Price (USD per unit)'), '99');
    await fill(user, screen.getByLabelText('Description'), 'A supply.');
    await fill(user, screen.getByLabelText('Photo URL'), '/images/tools/supply.svg');
    await user.selectOptions(screen.getByLabelText('Category'), 'New category…');
    await fill(user, screen.getByLabelText('New category name'), 'power  supplies');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(
      await screen.findByText(toolFieldMessages.categoryClash('Power Supplies')),
    ).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use “Power Supplies”' }));
    expect(screen.getByLabelText('Category')).toHaveValue('Power Supplies');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolAdded));
    expect(sent('POST').map(({ body }) => (body as { category: string }).category)).toEqual([
      'Power Supplies',
    ]);
  });

  it('refuses a picture that does not load in the browser, and previews one that does', async () => {
    const user = userEvent.setup();
    renderPage(`/dashboard/addTool?edit=${tool._id}`, (_url, init) =>
      init?.method === 'PATCH' ? json(200, tool) : undefined,
    );
    const photo = await screen.findByLabelText('Photo URL', {}, slow);
    await waitFor(() => expect(photo).toHaveValue(tool.img));
    expect(await screen.findByRole('img', { name: 'Preview of the photo' })).toHaveAttribute(
      'src',
      tool.img,
    );
    await fill(user, photo, 'https://example.com/broken.png');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    expect(await screen.findAllByText(toolFieldMessages.imgUnreachable)).not.toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Preview of the photo' })).not.toBeInTheDocument();
    expect(sent('PATCH')).toEqual([]);

    await fill(user, photo, 'https://example.com/probe.png');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolUpdated));
    expect(sent('PATCH')).toEqual([
      { url: `/api/tool/${tool._id}`, body: { img: 'https://example.com/probe.png' } },
    ]);
  });

  it('uploads a chosen photo, puts its address in the Photo URL, previews it and adds the tool with it', async () => {
    const user = userEvent.setup();
    const hash = 'a1'.repeat(32);
    const img = toolImageUrl(hash, 800);
    renderPage('/dashboard/addTool', (url, init) =>
      url === '/api/tool-image'
        ? json(201, { img, sizes: [{ src: img, width: 800, height: 600 }] })
        : init?.method === 'POST'
          ? json(201, { ...tool, _id: 'new', img })
          : undefined,
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'probe.png', {
      type: 'image/png',
    });
    const chooser = await screen.findByLabelText(toolImageMessages.uploadLabel, {}, slow);
    expect(chooser).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    await user.upload(chooser, file);
    expect(await screen.findByText(toolImageMessages.uploaded('probe.png'))).toBeInTheDocument();
    expect(screen.getByLabelText('Photo URL')).toHaveValue(img);
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/tool-image');
    // The file as it is: the browser sends it with its own type (image/png).
    expect(upload?.[1]).toMatchObject({ method: 'POST', body: file });
    expect((upload?.[1] as RequestInit).headers).not.toHaveProperty('Content-Type');
    // The preview is the thumbnail size of the picture the shop now keeps.
    expect(await screen.findByRole('img', { name: 'Preview of the photo' })).toHaveAttribute(
      'src',
      toolImageUrl(hash, 128),
    );

    await fill(user, screen.getByLabelText('Name'), 'Logic Probe');
    await fill(user, screen.getByLabelText('Part number'), 'VF-LP1');
    await fill(user, screen.getByLabelText('Available quantity'), '30');
    await fill(user, screen.getByLabelText('Minimum order quantity'), '2');
    await fill(user, screen.getByLabelText('Price (USD per unit)'), '12.5');
    await user.selectOptions(screen.getByLabelText('Category'), 'Power Supplies');
    await fill(user, screen.getByLabelText('Description'), 'Probes logic levels.');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolAdded));
    const added = fetchMock.mock.calls.find(([url]) => url === '/api/tool');
    expect(JSON.parse((added?.[1] as RequestInit).body as string)).toMatchObject({ img });
  });

  it('says under the upload field why a photo is refused, leaving the Photo URL as it was', async () => {
    // "All files" in the browser's chooser lets any file through its type list.
    const user = userEvent.setup({ applyAccept: false });
    renderPage(`/dashboard/addTool?edit=${tool._id}`, (url) =>
      url === '/api/tool-image'
        ? json(400, { error: { code: 'bad_request', message: toolImageMessages.svg } })
        : undefined,
    );
    const photo = await screen.findByLabelText('Photo URL', {}, slow);
    await waitFor(() => expect(photo).toHaveValue(tool.img));
    const chooser = screen.getByLabelText(toolImageMessages.uploadLabel);
    const drawing = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'drawing.svg', {
      type: 'image/svg+xml',
    });
    await user.upload(chooser, drawing);
    expect(await screen.findByText(toolImageMessages.svg)).toBeInTheDocument();
    expect(chooser).toHaveAttribute('aria-invalid', 'true');
    expect(chooser).toHaveAccessibleDescription(
      `${toolImageMessages.uploadHint} ${toolImageMessages.svg}`,
    );
    expect(photo).toHaveValue(tool.img);

    // Too large is said at once, without sending it.
    const uploads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/tool-image');
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_TOOL_IMAGE_BYTES + 1 });
    await user.upload(chooser, big);
    expect(await screen.findByText(toolImageMessages.tooLarge)).toBeInTheDocument();
    expect(uploads()).toHaveLength(1);
  });

  it('edits a tool prefilled, sending only the changed fields', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/dashboard/addTool?edit=${tool._id}`, (_url, init) =>
      init?.method === 'PATCH' ? json(200, { ...tool, price: 149 }) : undefined,
    );
    const price = await screen.findByLabelText('Price (USD per unit)', {}, slow);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(tool.name));
    expect(screen.getByLabelText('Available quantity')).toHaveValue(54);
    await user.clear(price);
    await fill(user, price, '149');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolUpdated));
    expect(sent('PATCH')).toEqual([{ url: `/api/tool/${tool._id}`, body: { price: 149 } }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageTools'));
  });

  it('edits the price breaks, naming a break that does not fall, and sends them', async () => {
    const user = userEvent.setup();
    renderPage(`/dashboard/addTool?edit=${tool._id}`, (_url, init) =>
      init?.method === 'PATCH' ? json(200, tool) : undefined,
    );
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(tool.name), slow);
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await fill(user, screen.getByLabelText('Break 1: from quantity'), '10');
    await fill(user, screen.getByLabelText('Break 1: price (USD per unit)'), '149');
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await fill(user, screen.getByLabelText('Break 2: from quantity'), '50');
    await fill(user, screen.getByLabelText('Break 2: price (USD per unit)'), '155');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    expect(
      await screen.findByText(
        'Price break 2 (50+): the price must be less than that of break 1 ($149.00).',
      ),
    ).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([]);

    await fill(user, screen.getByLabelText('Break 2: price (USD per unit)'), '139');
    await fill(user, screen.getByLabelText('Order multiple (pcs.; 1 for any quantity)'), '1');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolUpdated));
    expect(sent('PATCH')).toEqual([
      {
        url: `/api/tool/${tool._id}`,
        body: {
          priceBreaks: [
            { quantity: 10, price: 149 },
            { quantity: 50, price: 139 },
          ],
        },
      },
    ]);
  });

  it('sends a changed stock with the stock it loaded, and shows the conflict when orders moved it', async () => {
    const user = userEvent.setup();
    const stockChanged = 'The stock changed while you were editing (now 51). Reload and try again.';
    const { router } = renderPage(`/dashboard/addTool?edit=${tool._id}`, (_url, init) =>
      init?.method === 'PATCH'
        ? json(409, { error: { code: 'conflict', message: stockChanged } })
        : undefined,
    );
    const stock = await screen.findByLabelText('Available quantity', {}, slow);
    await waitFor(() => expect(stock).toHaveValue(54));
    await fill(user, stock, '60');
    await user.click(screen.getByRole('button', { name: 'Update Tool' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(stockChanged));
    expect(sent('PATCH')).toEqual([
      { url: `/api/tool/${tool._id}`, body: { inStock: 60, expectedInStock: 54 } },
    ]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard/addTool');
  });
});
