import { adminMessages } from '@voltforge/contract/admin';
import { formatUsd } from '@voltforge/contract/money';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import { stockLevel, stockLevelLabels } from '@voltforge/contract/low-stock';
import type { Tool } from '@voltforge/contract/tool';
import { toolImageAt } from '@voltforge/contract/tool-image-rules';
import { TOOL_EXPORT_PATH } from '@voltforge/contract/order-export';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../lib/page/toast';
import { paths } from '../../lib/paths';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { useArchiveTool } from './api/archive-tool';
import { ADMIN_TOOLS_PAGE_SIZE, useAdminToolsPage } from './api/get-admin-tools-page';
import { useRestockTool } from './api/restock-tool';
import { AdminTable } from './components/admin-table';
import { QueryError } from '../../components/ui/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
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
  const [restocking, setRestocking] = useState<AdminTool | null>(null);
  const [deleting, setDeleting] = useState<AdminTool | null>(null);
  // ?lowStock=1 (the overview links here) opens the page on the low-stock filter.
  const [searchParams, setSearchParams] = useSearchParams();
  const lowStockOnly = searchParams.get('lowStock') === '1';
  const tools = useAdminToolsPage(page, search, lowStockOnly);
  const archive = useArchiveTool();
  const restock = useRestockTool();

  const onArchive = (tool: AdminTool) =>
    archive.mutate(tool, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(adminMessages.toolDeleted);
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setDeleting(null),
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
          <span className="sr-only">Search tools by name or part number</span>
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
            placeholder="Search by name or part number"
            value={searchInput}
            maxLength={100}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="label cursor-pointer gap-2 text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={lowStockOnly}
            onChange={(event) => {
              setSearchParams(event.target.checked ? { lowStock: '1' } : {}, { replace: true });
              setPage(1);
            }}
          />
          Only low stock
        </label>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.importTools} className="btn btn-outline btn-sm">
            Import from CSV
          </Link>
          <a href={TOOL_EXPORT_PATH} className="btn btn-outline btn-sm" download>
            Export CSV
          </a>
          <Link to={paths.addTool} className="btn btn-primary btn-sm">
            Add Tool
          </Link>
        </div>
      </div>
      {tools.isPending ? (
        <Spinner block label="Loading tools" />
      ) : tools.isError ? (
        <QueryError message={tools.error.message} onRetry={() => void tools.refetch()} />
      ) : tools.data.items.length === 0 ? (
        <p className="text-base-content/75">
          {search
            ? 'No tool matches that name or part number.'
            : lowStockOnly
              ? 'No tool is at or below its low-stock threshold.'
              : 'The catalogue is empty. Add the first tool.'}
        </p>
      ) : (
        <AdminTable
          label="Products"
          pagination={{
            page,
            pageSize: ADMIN_TOOLS_PAGE_SIZE,
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
                    src={toolImageAt(tool.img, 128)}
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
                      <span className="font-mono">{tool.partNumber}</span> · {tool.category} ·
                      minimum {tool.minOrderQuantity} · low at {tool.lowStockThreshold}
                    </div>
                  </div>
                </th>
                <td data-label="Price" className="whitespace-nowrap">
                  {formatUsd(tool.price)}
                </td>
                <td data-label="Stock">
                  <div className="flex flex-wrap items-center gap-1">
                    <span
                      className={
                        stockLevel(tool) === 'out' ? 'font-semibold text-error' : undefined
                      }
                    >
                      {tool.inStock}
                    </span>
                    {stockLevel(tool) === 'ok' ? null : (
                      <span
                        className={`badge badge-sm whitespace-nowrap ${stockLevel(tool) === 'out' ? 'badge-error' : 'badge-warning'}`}
                      >
                        {stockLevelLabels[stockLevel(tool)]}
                      </span>
                    )}
                  </div>
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
                      onClick={() => setDeleting(tool)}
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
      <ConfirmDialog
        open={deleting !== null}
        message={adminMessages.confirmDelete}
        detail={
          deleting ? (
            <>
              {deleting.name} ({deleting.partNumber}) leaves the catalogue; orders that name it keep
              it.
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={archive.isPending}
        onConfirm={() => {
          if (deleting) onArchive(deleting);
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
