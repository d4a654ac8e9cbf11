import type { ImportPlanRow, ToolImportPlan } from '@voltforge/contract/tool-csv';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';

const actionBadge: Record<ImportPlanRow['action'], { label: string; tone: string }> = {
  create: { label: 'New', tone: 'badge-success' },
  update: { label: 'Update', tone: 'badge-info' },
  unchanged: { label: 'No change', tone: 'badge-ghost' },
  error: { label: 'Error', tone: 'badge-error' },
};

function Changes({ row }: { row: ImportPlanRow }) {
  if (row.action === 'error') return <span className="text-base-content/75">See the errors</span>;
  if (row.action === 'create') return <span className="text-base-content/75">New tool</span>;
  if (row.changes.length === 0) return <span className="text-base-content/75">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {row.changes.map((c) => (
        <li key={c.column} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{c.column}</span>: {c.from === '' ? '(empty)' : c.from} →{' '}
          {c.to === '' ? '(empty)' : c.to}
        </li>
      ))}
    </ul>
  );
}

/** The dry run: every error with its row and column first, then what each row would do. */
export function ImportPreview({ plan }: { plan: ToolImportPlan }) {
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite">
        {plan.summary.create} new, {plan.summary.update} to update, {plan.summary.unchanged}{' '}
        unchanged
        {plan.errors.length > 0
          ? `, ${plan.errors.length} error${plan.errors.length === 1 ? '' : 's'}`
          : ''}
        .
      </p>
      {plan.errors.length > 0 ? (
        <section aria-labelledby="import-errors-heading" className="flex flex-col gap-2">
          <h3 id="import-errors-heading" className="text-lg font-semibold text-error">
            Errors: nothing will be imported until they are fixed
          </h3>
          <div
            role="region"
            aria-label="Errors"
            tabIndex={0}
            className="overflow-x-auto rounded-box border border-error/40"
          >
            <table className={`table table-sm [&_thead]:text-base-content/85 ${STACKED_TABLE}`}>
              <caption className="sr-only">Errors in the file</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {plan.errors.map((e, i) => (
                  <tr key={`${e.row}-${e.column ?? ''}-${i}`}>
                    <td data-label="Row" className="tabular-nums">
                      {e.row}
                    </td>
                    <td data-label="Column" className="font-mono max-sm:before:font-sans">
                      {e.column ?? '—'}
                    </td>
                    <td data-label="Problem">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {plan.rows.length > 0 ? (
        <section aria-labelledby="import-rows-heading" className="flex flex-col gap-2">
          <h3 id="import-rows-heading" className="text-lg font-semibold">
            Row by row
          </h3>
          <div
            role="region"
            aria-label="Rows"
            tabIndex={0}
            className="overflow-x-auto rounded-box border border-base-300"
          >
            <table className={`table table-sm [&_thead]:text-base-content/85 ${STACKED_TABLE}`}>
              <caption className="sr-only">What each row of the file would do</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Part number</th>
                  <th scope="col">Tool</th>
                  <th scope="col">Action</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((r) => (
                  <tr key={r.row}>
                    <td data-label="Row" className="tabular-nums">
                      {r.row}
                    </td>
                    <td
                      data-label="Part number"
                      className="font-mono whitespace-nowrap max-sm:before:font-sans"
                    >
                      {r.partNumber || '—'}
                    </td>
                    <td data-label="Tool" className="min-w-36">
                      {r.name || '—'}
                    </td>
                    <td data-label="Action">
                      <span className={`badge badge-sm ${actionBadge[r.action].tone}`}>
                        {actionBadge[r.action].label}
                      </span>
                    </td>
                    <td data-label="Changes" className="text-sm">
                      <Changes row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
