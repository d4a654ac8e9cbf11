import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ToolImportPlan } from '@voltforge/contract/tool-csv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { json, slow, stubFetch } from '../../test/page-harness';
import { ToolImportPage } from './tool-import-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

afterEach(() => vi.unstubAllGlobals());

const badPlan: ToolImportPlan = {
  rows: [
    { row: 2, partNumber: 'VF-NEW1', name: 'Probe', action: 'create', changes: [] },
    { row: 3, partNumber: 'VF-NEW2', name: 'Clip', action: 'error', changes: [] },
  ],
  errors: [{ row: 3, column: 'price', message: 'Must be a number' }],
  summary: { create: 1, update: 0, unchanged: 0 },
  planHash: 'bad',
};
const goodPlan: ToolImportPlan = {
  rows: [
    { row: 2, partNumber: 'VF-NEW1', name: 'Probe', action: 'create', changes: [] },
    {
      row: 3,
      partNumber: 'VF-OLD',
      name: 'Clip',
      action: 'update',
      changes: [{ column: 'price', from: '4.00', to: '4.50' }],
    },
  ],
  errors: [],
  summary: { create: 1, update: 1, unchanged: 0 },
  planHash: 'good',
};

/** Role queries over whole tables are slow in jsdom on a busy machine. */
const TABLE_QUERIES = 30_000;

describe('ToolImportPage', () => {
  it(
    'shows each error with its row and column and offers no import; a fixed file imports',
    async () => {
      const fetchMock = stubFetch((url, init) => {
        const body = JSON.parse(init?.body as string) as { csv: string; planHash?: string };
        if (url === '/api/tool/import/preview') {
          return json(200, body.csv.includes('abc') ? badPlan : goodPlan);
        }
        if (url === '/api/tool/import' && body.planHash === 'good') {
          return json(200, {
            created: 1,
            updated: 1,
            message: 'Imported: 1 tool added, 1 updated.',
          });
        }
        return undefined;
      });
      renderRoutes([{ path: '/', element: <ToolImportPage /> }], '/');
      const user = userEvent.setup();
      const input = screen.getByLabelText('CSV file');

      await user.upload(
        input,
        new File(['partNumber,price\nVF-NEW2,abc'], 'bad.csv', { type: 'text/csv' }),
      );
      const errors = await screen.findByRole('table', { name: 'Errors in the file' }, slow);
      expect(
        within(errors).getByRole('row', { name: '3 price Must be a number' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

      await user.upload(
        input,
        new File(['partNumber,price\nVF-OLD,4.50'], 'good.csv', { type: 'text/csv' }),
      );
      const rows = await screen.findByRole(
        'table',
        { name: 'What each row of the file would do' },
        slow,
      );
      expect(within(rows).getByText('4.00 → 4.50', { exact: false })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Import 2 changes' }));
      expect(
        await screen.findByText('Imported: 1 tool added, 1 updated.', {}, slow),
      ).toBeInTheDocument();
      const applied = fetchMock.mock.calls.filter(([url]) => url === '/api/tool/import');
      expect(applied).toHaveLength(1);
      expect(JSON.parse(applied[0]?.[1]?.body as string)).toEqual({
        csv: 'partNumber,price\nVF-OLD,4.50',
        planHash: 'good',
      });
    },
    TABLE_QUERIES,
  );
});
