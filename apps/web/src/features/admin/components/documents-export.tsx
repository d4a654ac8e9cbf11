import { useState } from 'react';
import { DOCUMENTS_EXPORT_PATH } from '@voltforge/contract/order-export';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Invoices and credit notes of a period as CSV (GET /api/admin/documents.csv): a plain form, so
 * the browser downloads the file; this month so far by default.
 */
export function DocumentsExport() {
  const today = new Date();
  const [from, setFrom] = useState(
    isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(isoDay(today));
  return (
    <form
      method="get"
      action={DOCUMENTS_EXPORT_PATH}
      className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-3"
      aria-labelledby="documents-export-heading"
    >
      <h2 id="documents-export-heading" className="w-full text-sm font-semibold">
        Invoices and credit notes for the accountant
      </h2>
      <label className="flex flex-col gap-1 text-sm">
        From
        <input
          type="date"
          name="from"
          required
          className="input input-sm"
          value={from}
          max={to}
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        To
        <input
          type="date"
          name="to"
          required
          className="input input-sm"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-outline btn-sm">
        Download CSV
      </button>
    </form>
  );
}
