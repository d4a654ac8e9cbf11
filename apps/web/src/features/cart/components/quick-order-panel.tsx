import { formatCount } from '@voltforge/contract/format-number';
import { cartText } from '@voltforge/contract/cart-text';
import { formatUsd } from '@voltforge/contract/money';
import type { QuickOrderPreview, QuickOrderVerdict } from '@voltforge/contract/quick-order';
import {
  MAX_QUICK_ORDER_CHARS,
  quickOrderMessages,
  readQuickOrder,
} from '@voltforge/contract/quick-order-rules';
import { useState, type FormEvent } from 'react';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextFileInput, readText } from '../../../components/ui/text-file-input';
import type { AddLine } from '../../../lib/cart/cart-store';
import { toast } from '../../../lib/page/toast';
import { usePreviewQuickOrder } from '../api/preview-quick-order';

/** What the preview shows beside a verdict: the close part numbers, or what is in stock. */
function hintOf(verdict: QuickOrderVerdict): string | null {
  if (verdict.status === 'unknown' && verdict.closest.length > 0) {
    return `Closest: ${verdict.closest.join(', ')}`;
  }
  if (verdict.status === 'short' && verdict.available !== null) {
    return `Available: ${formatCount(verdict.available)}`;
  }
  return null;
}

/**
 * The text left once the ready lines went to the cart: their rows, and the duplicates the server
 * added into them, are taken out; the rows to fix stay (with a CSV's header, which they need).
 */
function textWithout(text: string, added: readonly QuickOrderVerdict[], all: QuickOrderVerdict[]) {
  const addedLines = new Set(added.map((v) => v.line));
  for (const v of all) {
    if (v.mergedInto !== null && addedLines.has(v.mergedInto)) addedLines.add(v.line);
  }
  const rest = text
    .split(/\r\n|\r|\n/)
    .filter((_, index) => !addedLines.has(index + 1))
    .join('\n')
    .trim();
  const left = readQuickOrder(rest);
  return !left.ok && left.message === quickOrderMessages.empty ? '' : rest;
}

interface QuickOrderPanelProps {
  /** Adds lines to the cart; resolves once added, rejects with the reason. */
  onAdd: (lines: AddLine[]) => Promise<void>;
  adding: boolean;
}

/**
 * Quick order: a bill of materials pasted or read from a CSV file, checked line by line by the
 * server (POST /api/quick-order/preview), whose ready lines go into the cart in one step.
 */
export function QuickOrderPanel({ onAdd, adding }: QuickOrderPanelProps) {
  const preview = usePreviewQuickOrder();
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickOrderPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const ready = result?.verdicts.filter((v) => v.status === 'ready') ?? [];

  const run = (value: string) => {
    setStatus(null);
    if (value.trim() === '') {
      setResult(null);
      setError(quickOrderMessages.empty);
      return;
    }
    setError(null);
    preview.mutate(value, {
      onSuccess: setResult,
      onError: (failure) => {
        setResult(null);
        setError(failure.message);
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(text);
  };

  // The file's text is sent as pasted text would be, and stays in the box to be fixed.
  const readFile = async (file: File) => {
    let content: string;
    try {
      content = await readText(file);
    } catch {
      setError('The file could not be read. Check it is a CSV or text file and try again.');
      return;
    }
    if (content.length > MAX_QUICK_ORDER_CHARS) {
      setError(quickOrderMessages.tooLong);
      return;
    }
    setText(content);
    run(content);
  };

  const addReady = () => {
    if (!result || ready.length === 0 || adding) return;
    const lines = ready.flatMap((v) =>
      v.toolId !== null && v.quantity !== null ? [{ toolId: v.toolId, quantity: v.quantity }] : [],
    );
    onAdd(lines).then(
      () => {
        const left = textWithout(text, ready, result.verdicts);
        setText(left);
        setResult(null);
        toast.success(cartText.addedLines(lines.length));
        if (left !== '') setStatus('The lines left need fixing: change them and preview again.');
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  };

  return (
    <section
      aria-labelledby="quick-order-heading"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="quick-order-heading" className="card-title text-xl">
          Quick order
        </h2>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <TextareaField
            label={cartText.quickOrderLabel}
            name="quickOrder"
            rows={6}
            className="font-mono"
            maxLength={MAX_QUICK_ORDER_CHARS}
            placeholder={'VF-DM200, 10\nVF-CT40, 5'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error ?? undefined}
            hint={cartText.quickOrderHint}
          />
          <TextFileInput
            label="Or upload a CSV file"
            accept=".csv,.txt,text/csv,text/plain"
            onFile={(file) => void readFile(file)}
          />
          <button type="submit" className="btn btn-outline self-start" disabled={preview.isPending}>
            {preview.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Preview
          </button>
        </form>
        <p role="status" className="text-sm empty:hidden">
          {status}
        </p>
        {result ? (
          <>
            {/* Focusable, so a keyboard can scroll it if the table overflows; on a phone each line
                is a card of its own, its verdict under it (STACKED_TABLE). */}
            <div
              role="region"
              aria-label="Quick order preview"
              tabIndex={0}
              className="overflow-x-auto"
            >
              <table className={`table table-sm ${STACKED_TABLE}`}>
                <caption className="text-left font-semibold max-sm:block">
                  Preview: {ready.length} of {result.verdicts.length}{' '}
                  {result.verdicts.length === 1 ? 'line' : 'lines'} ready,{' '}
                  {formatUsd(result.readyTotal)}
                </caption>
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Part number</th>
                    <th scope="col" className="text-right">
                      Quantity
                    </th>
                    <th scope="col">Verdict</th>
                    <th scope="col" className="text-right">
                      Line total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.verdicts.map((v) => {
                    const hint = hintOf(v);
                    return (
                      <tr key={v.line} data-status={v.status}>
                        <td data-label="Line" className="tabular-nums">
                          {v.line}
                        </td>
                        <th scope="row" data-label="Part number" className="font-normal">
                          <div className="font-mono">
                            {v.partNumber || '—'}
                            {v.name ? (
                              <div className="font-sans text-xs text-base-content/75">{v.name}</div>
                            ) : null}
                          </div>
                        </th>
                        <td
                          data-label="Quantity"
                          className="text-right tabular-nums max-sm:text-left"
                        >
                          {v.quantity === null ? '—' : formatCount(v.quantity)}
                        </td>
                        <td
                          data-label="Verdict"
                          className={v.status === 'ready' ? undefined : 'text-error'}
                        >
                          <div>
                            {v.message}
                            {hint ? (
                              <div className="text-xs text-base-content/80">{hint}</div>
                            ) : null}
                          </div>
                        </td>
                        <td
                          data-label="Line total"
                          className="text-right tabular-nums max-sm:text-left"
                        >
                          {v.lineTotal === null ? '—' : formatUsd(v.lineTotal)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <button
              type="button"
              className="btn btn-primary self-start"
              disabled={ready.length === 0 || adding}
              onClick={addReady}
            >
              {adding ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              Add the ready lines
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
