import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/page/toast';
import { TOOL_EXPORT_PATH } from '@voltforge/contract/order-export';
import { MAX_IMPORT_BYTES, toolCsvColumns, toolImportMessages } from '@voltforge/contract/tool-csv';
import type { ToolImportPlan } from '@voltforge/contract/tool-csv';
import { paths } from '../../lib/paths';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { useApplyToolImport } from './api/apply-tool-import';
import { usePreviewToolImport } from './api/preview-tool-import';
import { ImportPreview } from './components/import-preview';

/** The file as UTF-8 text (FileReader: older browsers lack Blob.text()). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Import tools from CSV: upload, check the dry run row by row, then apply it all at once. */
export function ToolImportPage() {
  usePageMeta('Import Tools', 'Voltforge administration: add and update tools from a CSV file.');
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [plan, setPlan] = useState<ToolImportPlan | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewToolImport();
  const apply = useApplyToolImport();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setPlan(null);
    setFile(null);
    setFileError(null);
    apply.reset();
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFileError(toolImportMessages.tooLarge);
      return;
    }
    let csv: string;
    try {
      csv = await readText(chosen);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The file could not be read.');
      return;
    }
    setFile({ name: chosen.name, csv });
    preview.mutate(csv, {
      onSuccess: setPlan,
      onError: (error) => setFileError(error.message),
    });
  };

  const changes = plan ? plan.summary.create + plan.summary.update : 0;
  const onApply = () => {
    if (!file || !plan) return;
    apply.mutate(
      { csv: file.csv, planHash: plan.planHash },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setPlan(null);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <>
      <header className="mb-4">
        <h2 className="text-2xl font-bold">Import Tools</h2>
        <p className="mt-1 text-base-content/75">
          <Link to={paths.manageTools} className="link">
            Back to Manage Products
          </Link>
        </p>
      </header>
      <div className="flex max-w-4xl flex-col gap-5">
        <p>
          A CSV file (UTF-8) whose first row names the columns:{' '}
          <code className="[overflow-wrap:anywhere]">{toolCsvColumns.join(', ')}</code>. Rows are
          matched to tools by part number: a new part number adds a tool, a known one updates the
          cells that differ (an empty cell leaves the value as it is). The{' '}
          <a href={TOOL_EXPORT_PATH} className="link" download>
            current catalogue as CSV
          </a>{' '}
          is a ready-made template.
        </p>
        <label className="form-control flex flex-col gap-1">
          <span className="font-medium">CSV file</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full max-w-md"
            onChange={(event) => void onFile(event)}
          />
        </label>
        {fileError ? (
          <p role="alert" className="alert alert-soft alert-error">
            {fileError}
          </p>
        ) : null}
        {preview.isPending ? <p aria-live="polite">Checking {file?.name}…</p> : null}
        {apply.data ? (
          <p role="status" className="alert alert-soft alert-success">
            {apply.data.message}
          </p>
        ) : null}
        {plan ? (
          <>
            <ImportPreview plan={plan} />
            {plan.errors.length === 0 ? (
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={changes === 0 || apply.isPending}
                  onClick={onApply}
                >
                  {apply.isPending
                    ? 'Importing…'
                    : changes === 0
                      ? 'Nothing to import'
                      : `Import ${changes} change${changes === 1 ? '' : 's'}`}
                </button>
                <span className="text-sm text-base-content/75">
                  Applied all at once: if anything fails, nothing changes.
                </span>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
