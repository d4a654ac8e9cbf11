import { useQuery } from '@tanstack/react-query';
import type { Project } from '@voltforge/contract/project';
import type { QuoteRequestInput } from '@voltforge/contract/quote';
import { QUOTE_LIMITS, quoteMessages, type QuoteSource } from '@voltforge/contract/quote-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { api } from '../../../lib/api/api-client';
import { useTool } from '../../../lib/api/get-tool';
import { projectKeys } from '../../../lib/api/project-keys';
import { useCart } from '../../../lib/cart/use-cart';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { useQuote } from '../api/get-quotes';
import { useRequestQuote } from '../api/quote-actions';
import { parseTiers } from './tiers';

/** A line of the request as typed. */
interface DraftLine {
  key: number;
  toolId: string | null;
  partText: string;
  name: string | null;
  quantities: string;
  targetPrice: string;
  customerRef: string;
}

let nextKey = 1;
const draft = (line: Partial<DraftLine> = {}): DraftLine => ({
  key: nextKey++,
  toolId: null,
  partText: '',
  name: null,
  quantities: '',
  targetPrice: '',
  customerRef: '',
  ...line,
});

/** Each line's problem in the browser's words (the server checks again), or none. */
function lineProblem(line: DraftLine): string | null {
  if (!line.partText.trim()) return quoteMessages.partText;
  const tiers = parseTiers(line.quantities);
  if (!tiers || tiers.some((q) => q < 1 || q > QUOTE_LIMITS.quantity))
    return quoteMessages.quantity;
  if (tiers.length > QUOTE_LIMITS.tiers || tiers.some((q, i) => i > 0 && q <= tiers[i - 1]!)) {
    return quoteMessages.tiers;
  }
  if (line.targetPrice.trim() && !(Number(line.targetPrice) > 0)) return quoteMessages.targetPrice;
  return null;
}

/** The request form, started from where the buyer came from. */
function RequestForm({
  source,
  projectId,
  start,
}: {
  source: QuoteSource;
  projectId: string | null;
  start: DraftLine[];
}) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  // One key per request: a double click or a retry of this form is the same request.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<DraftLine[]>(start.length > 0 ? start : [draft()]);
  const [alternatesOk, setAlternatesOk] = useState(false);
  const [neededBy, setNeededBy] = useState('');
  const [note, setNote] = useState('');
  const [shown, setShown] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = (key: number, patch: Partial<DraftLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const problems = new Map(lines.map((l) => [l.key, lineProblem(l)]));

  const send = () => {
    setShown(true);
    setRefusal(null);
    if ([...problems.values()].some(Boolean) || lines.length === 0) return;
    const input: QuoteRequestInput = {
      requestKey,
      source,
      projectId,
      lines: lines.map((l) => ({
        toolId: l.toolId,
        partText: l.partText.trim(),
        quantities: parseTiers(l.quantities) ?? [],
        targetPrice: l.targetPrice.trim() ? Number(l.targetPrice) : null,
        customerRef: l.customerRef.trim() || null,
      })),
      alternatesOk,
      neededBy: neededBy || null,
      note,
    };
    request.mutate(input, {
      onSuccess: (quote) => {
        toast.success(`Request ${quote.number} sent. We will answer by mail.`);
        void navigate(paths.quote(quote.id));
      },
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <form
      noValidate
      aria-label="Request for quotation"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ol className="flex flex-col gap-3">
        {lines.map((line, index) => {
          const problem = shown ? problems.get(line.key) : null;
          return (
            <li key={line.key} className="rounded-box border border-base-300 bg-base-100 p-3">
              <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <legend className="mb-1 text-sm font-semibold">
                  Line {index + 1}
                  {line.name ? `: ${line.name}` : ''}
                </legend>
                <TextField
                  label="Part number or description"
                  name={`part-${line.key}`}
                  value={line.partText}
                  readOnly={line.toolId !== null}
                  maxLength={QUOTE_LIMITS.text}
                  onChange={(event) => change(line.key, { partText: event.target.value })}
                />
                <TextField
                  label="Quantities"
                  name={`quantities-${line.key}`}
                  inputMode="numeric"
                  hint="One or more, smallest first: 1000, 5000, 10000"
                  value={line.quantities}
                  onChange={(event) => change(line.key, { quantities: event.target.value })}
                />
                <TextField
                  label="Target unit price (optional)"
                  name={`target-${line.key}`}
                  inputMode="decimal"
                  value={line.targetPrice}
                  onChange={(event) => change(line.key, { targetPrice: event.target.value })}
                />
                <TextField
                  label="Your reference (optional)"
                  name={`ref-${line.key}`}
                  maxLength={QUOTE_LIMITS.text}
                  value={line.customerRef}
                  onChange={(event) => change(line.key, { customerRef: event.target.value })}
                />
              </fieldset>
              {problem ? (
                <p role="alert" className="mt-2 text-sm text-error">
                  {problem}
                </p>
              ) : null}
              {lines.length > 1 ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs mt-2"
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  Remove line {index + 1}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {lines.length < QUOTE_LIMITS.lines ? (
        <button
          type="button"
          className="btn btn-sm self-start"
          onClick={() => setLines((all) => [...all, draft()])}
        >
          Add a part we do not list
        </button>
      ) : null}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={alternatesOk}
          onChange={(event) => setAlternatesOk(event.target.checked)}
        />
        Alternates acceptable
      </label>
      <TextField
        label="Needed by (optional)"
        name="neededBy"
        type="date"
        value={neededBy}
        onChange={(event) => setNeededBy(event.target.value)}
      />
      <TextareaField
        label="Note (optional)"
        name="note"
        rows={3}
        maxLength={QUOTE_LIMITS.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {refusal ? (
        <p role="alert" className="font-medium text-error">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={request.isPending || request.isSuccess}
      >
        Send request
      </button>
    </form>
  );
}

function FromCart() {
  const cart = useCart();
  if (cart.status === 'pending') return <Spinner block />;
  if (cart.status === 'error')
    return <QueryError message={cart.error.message} onRetry={cart.retry} />;
  const start = cart.cart.lines.map((l) =>
    draft({
      toolId: l.toolId,
      partText: l.partNumber,
      name: l.name,
      quantities: String(l.quantity),
    }),
  );
  return <RequestForm source="cart" projectId={null} start={start} />;
}

function FromProject({ id }: { id: string }) {
  const project = useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.get<Project>(`/projects/${encodeURIComponent(id)}`, { signal }),
  });
  if (project.isPending) return <Spinner block />;
  if (project.isError) {
    return <QueryError message={project.error.message} onRetry={() => void project.refetch()} />;
  }
  // Every line to be fitted, our parts and the ones we do not list yet.
  const start = project.data.lines
    .filter((l) => !l.doNotInstall)
    .slice(0, QUOTE_LIMITS.lines)
    .map((l) =>
      draft({
        toolId: l.toolId,
        partText: l.partNumber ?? l.part,
        name: l.name,
        quantities: String(l.quantityPerBuild),
        customerRef: l.customerRef,
      }),
    );
  return <RequestForm source="project" projectId={id} start={start} />;
}

function FromTool({ id }: { id: string }) {
  const tool = useTool(id);
  if (tool.isPending) return <Spinner block />;
  if (tool.isError) {
    return <QueryError message={tool.error.message} onRetry={() => void tool.refetch()} />;
  }
  const start = [
    draft({
      toolId: tool.data._id,
      partText: tool.data.partNumber,
      name: tool.data.name,
      quantities: '',
    }),
  ];
  return <RequestForm source="tool" projectId={null} start={start} />;
}

/** An expired quote's lines, to ask again. */
function FromQuote({ id }: { id: string }) {
  const quote = useQuote(id);
  if (quote.isPending) return <Spinner block />;
  if (quote.isError) {
    return <QueryError message={quote.error.message} onRetry={() => void quote.refetch()} />;
  }
  const start = quote.data.lines.map((l) =>
    draft({
      toolId: l.toolId,
      partText: l.partNumber ?? l.partText,
      name: l.name,
      quantities: l.quantities.join(', '),
      targetPrice: l.targetPrice === null ? '' : String(l.targetPrice),
      customerRef: l.customerRef ?? '',
    }),
  );
  // Asked again as a list of lines: the project it came from may be gone, or a colleague's.
  return <RequestForm source="cart" projectId={null} start={start} />;
}

/**
 * A new request for quotation, started from where the buyer came from: `?cart`, `?project=<id>`,
 * `?tool=<id>`, `?copy=<quote id>` (an expired quote's lines), or `?new` (empty).
 */
export function NewQuoteRequest({ params }: { params: URLSearchParams }) {
  const project = params.get('project');
  const tool = params.get('tool');
  const copy = params.get('copy');
  return (
    <section aria-labelledby="new-quote-heading" className="flex flex-col gap-4">
      <h3 id="new-quote-heading" className="text-xl font-semibold">
        Ask for a quote
      </h3>
      <p className="text-sm text-base-content/80">
        List the quantities you want per line (several tiers if you like). We answer with prices
        valid until a date; nothing is ordered until you accept.
      </p>
      {copy ? (
        <FromQuote id={copy} />
      ) : project ? (
        <FromProject id={project} />
      ) : tool ? (
        <FromTool id={tool} />
      ) : params.has('cart') ? (
        <FromCart />
      ) : (
        <RequestForm source="cart" projectId={null} start={[]} />
      )}
    </section>
  );
}
