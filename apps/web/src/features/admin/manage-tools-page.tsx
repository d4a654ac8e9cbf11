import { adminMessages } from '@voltforge/contract/admin';
import { formatUsd } from '@voltforge/contract/money';
import type { Tool } from '@voltforge/contract/tool';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { paths } from '../../app/paths';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/use-page-meta';
import { useArchiveTool } from './api/archive-tool';
import { TOOLS_PAGE_SIZE, useToolsPage } from './api/get-tools-page';
import { useRestockTool } from './api/restock-tool';
import { AdminTable } from './components/admin-table';
import { QueryError } from '../../components/ui/query-error';
import { RestockDialog } from './components/restock-dialog';
import { useDebouncedValue } from './use-debounced-value';

/** Typing pauses this long before the list is asked for: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

/** Manage All Products: the catalogue with Edit, Add Quantity and delete. */
export function ManageToolsPage() {
  usePageMeta('Manage All Products', 'Voltforge administration: every tool in the catalogue.');
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [restocking, setRestocking] = useState<Tool | null>(null);
  const tools = useToolsPage(page, search);
  const archive = useArchiveTool();
  const restock = useRestockTool();

  const onArchive = (tool: Tool) =>
    archive.mutate(tool, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(adminMessages.toolDeleted);
      },
      onError: (error) => toast.error(error.message),
    });

  const onRestock = async (tool: Tool, quantity: number) => {
    const updated = await restock.mutateAsync({ tool, quantity });
    setRestocking(null);
    toast.success(adminMessages.restocked(quantity, updated.name));
  };

  return (
    <>
      <AdminHeading>Manage All Products{tools.data ? ` (${tools.data.total})` : ''}</AdminHeading>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <label className="input w-full sm:w-72">
          <span className="sr-only">Search tools by name</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4 opacity-60"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            type="search"
            placeholder="Search by name"
            value={searchInput}
            maxLength={100}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <Link to={paths.addTool} className="btn btn-primary btn-sm">
          Add Tool
        </Link>
      </div>
      {tools.isPending ? (
        <Spinner block label="Loading tools" />
      ) : tools.isError ? (
        <QueryError message={tools.error.message} onRetry={() => void tools.refetch()} />
      ) : tools.data.items.length === 0 ? (
        <p className="text-base-content/75">
          {search ? 'No tool matches that name.' : 'The catalogue is empty. Add the first tool.'}
        </p>
      ) : (
        <AdminTable
          label="Products"
          pagination={{
            page,
            pageSize: TOOLS_PAGE_SIZE,
            total: tools.data.total,
            label: 'Product pages',
            onPage: setPage,
          }}
        >
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Image</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tools.data.items.map((tool) => (
              <tr key={tool._id}>
                <td>
                  <img
                    src={tool.img}
                    alt=""
                    width={64}
                    height={48}
                    loading="lazy"
                    className="h-12 w-16 rounded object-cover"
                  />
                </td>
                <th scope="row" data-label="Name" className="min-w-40 font-medium">
                  <div>
                    {tool.name}
                    <div className="text-xs font-normal text-base-content/75">
                      {tool.category} · minimum {tool.minOrderQuantity}
                    </div>
                  </div>
                </th>
                <td data-label="Price" className="whitespace-nowrap">
                  {formatUsd(tool.price)}
                </td>
                <td data-label="Stock">
                  <span
                    className={
                      tool.inStock < tool.minOrderQuantity ? 'font-semibold text-error' : undefined
                    }
                  >
                    {tool.inStock}
                  </span>
                </td>
                <td data-label="Actions">
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`${paths.addTool}?edit=${encodeURIComponent(tool._id)}`}
                      className="btn btn-sm"
                      aria-label={`Edit ${tool.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-label={`Add Quantity: ${tool.name}`}
                      onClick={() => setRestocking(tool)}
                    >
                      Add Quantity
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={`Delete ${tool.name}`}
                      disabled={archive.isPending && archive.variables._id === tool._id}
                      onClick={() => {
                        if (window.confirm(adminMessages.confirmDelete)) onArchive(tool);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <RestockDialog tool={restocking} onClose={() => setRestocking(null)} onRestock={onRestock} />
    </>
  );
}
