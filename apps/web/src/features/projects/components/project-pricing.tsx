import { availabilityText } from '@voltforge/contract/availability';
import { formatCount } from '@voltforge/contract/format-number';
import { dollarsToCents, formatUsd, formatCents } from '@voltforge/contract/money';
import { pricingMessages } from '@voltforge/contract/pricing';
import type { ProjectLine, ProjectPrice, ProjectToCart } from '@voltforge/contract/project';
import {
  MAX_BUILDS,
  pricedLineMessage,
  projectMessages,
  roundedUpMessage,
} from '@voltforge/contract/project-rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/first-paint/local-time';
import { paths } from '../../../lib/paths';
import { usePriceProject } from '../api/price-project';
import { useProjectToCart } from '../api/project-to-cart';

const statusClass = (status: string) =>
  status === 'ready' || status === 'added' || status === 'rounded_up'
    ? undefined
    : status === 'short' || status === 'too_many'
      ? 'text-error'
      : 'text-base-content/75';

/**
 * A project priced for a number of boards (today's prices, by the shop's one pricing function on
 * the server), with the price breaks worth buying up to, and "Add N boards to cart" with a verdict
 * per line.
 */
export function ProjectPricing({
  projectId,
  lines: projectLines,
  initialBuilds,
}: {
  projectId: string;
  /** The project's lines, whose parts and names the priced lines are shown with. */
  lines: ProjectLine[];
  initialBuilds: number;
}) {
  const exportId = useId();
  const price = usePriceProject(projectId);
  const toCart = useProjectToCart(projectId);
  const dates = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const [builds, setBuilds] = useState(String(initialBuilds));
  const [buildsError, setBuildsError] = useState<string | null>(null);
  const [priced, setPriced] = useState<ProjectPrice | null>(null);
  const [taken, setTaken] = useState<Set<number>>(new Set());
  const [verdicts, setVerdicts] = useState<ProjectToCart | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const boards = /^\d+$/.test(builds.trim()) ? Number(builds) : Number.NaN;
  const validBoards = boards >= 1 && boards <= MAX_BUILDS;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validBoards) {
      setBuildsError(projectMessages.builds);
      return;
    }
    setBuildsError(null);
    setFailure(null);
    setVerdicts(null);
    price.mutate(boards, {
      onSuccess: (result) => {
        setPriced(result);
        setTaken(new Set());
      },
      onError: (error) => setFailure(error.message),
    });
  };

  const addToCart = () => {
    if (!priced) return;
    setFailure(null);
    toCart.mutate(
      { builds: priced.builds, takeSuggestions: [...taken] },
      { onSuccess: setVerdicts, onError: (error) => setFailure(error.message) },
    );
  };

  // The total with the suggested breaks taken: the server's line figures, added in cents.
  const totalCents = priced
    ? priced.lines.reduce((sum, line) => {
        const figure =
          taken.has(line.line) && line.suggestion ? line.suggestion.lineTotal : line.lineTotal;
        return sum + (figure === null ? 0 : dollarsToCents(figure));
      }, 0)
    : 0;
  const added = verdicts?.verdicts.filter((v) => v.added > 0).length ?? 0;

  return (
    <section aria-labelledby="pricing-heading" className="flex flex-col gap-3">
      <h3 id="pricing-heading" className="text-xl font-semibold">
        Price and buy
      </h3>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <TextField
            label="Number of boards"
            name="builds"
            inputMode="numeric"
            value={builds}
            error={buildsError ?? undefined}
            onChange={(event) => {
              setBuilds(event.target.value);
              if (buildsError && /^\d+$/.test(event.target.value)) setBuildsError(null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={price.isPending}>
          {price.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Price
        </button>
        {validBoards ? (
          <a
            id={exportId}
            className="btn btn-outline"
            href={`/api/projects/${encodeURIComponent(projectId)}/export.csv?builds=${boards}`}
            download
          >
            Export CSV
          </a>
        ) : null}
        <button type="button" className="btn btn-ghost print:hidden" onClick={() => window.print()}>
          Print
        </button>
      </form>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      {priced ? (
        <>
          <p className="text-sm text-base-content/80">
            Today’s prices, priced {dates.format(new Date(priced.pricedAt))}: they may change before
            you order.
          </p>
          <div role="region" aria-label="Priced lines" tabIndex={0} className="overflow-x-auto">
            <table className={`table table-sm ${STACKED_TABLE}`}>
              <caption className="text-left font-semibold max-sm:block">
                {formatCount(priced.builds)} {priced.builds === 1 ? 'board' : 'boards'}:{' '}
                {formatCents(totalCents)}, {formatCents(Math.round(totalCents / priced.builds))} per
                board
              </caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Part</th>
                  <th scope="col" className="text-right">
                    Needed
                  </th>
                  <th scope="col" className="text-right">
                    Quantity
                  </th>
                  <th scope="col" className="text-right">
                    Unit price
                  </th>
                  <th scope="col" className="text-right">
                    Line total
                  </th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {priced.lines.map((line) => {
                  const take = taken.has(line.line) && line.suggestion !== null;
                  const kept = projectLines[line.line - 1];
                  const roundedUp = roundedUpMessage(line);
                  return (
                    <tr key={line.line} data-status={line.status}>
                      <td data-label="Line" className="tabular-nums">
                        {line.line}
                      </td>
                      <th scope="row" data-label="Part" className="font-normal">
                        <span className="font-mono">{kept?.partNumber ?? kept?.part}</span>
                        {kept?.name ? (
                          <div className="text-xs text-base-content/75">{kept.name}</div>
                        ) : null}
                        {kept?.customerRef ? (
                          <div className="text-xs text-base-content/75">
                            Your ref. {kept.customerRef}
                          </div>
                        ) : null}
                      </th>
                      <td data-label="Needed" className="text-right tabular-nums max-sm:text-left">
                        {formatCount(line.needed)}
                      </td>
                      <td
                        data-label="Quantity"
                        className="text-right tabular-nums max-sm:text-left"
                      >
                        {line.quantity === 0
                          ? '—'
                          : formatCount(
                              take && line.suggestion ? line.suggestion.quantity : line.quantity,
                            )}
                      </td>
                      <td
                        data-label="Unit price"
                        className="text-right tabular-nums max-sm:text-left"
                      >
                        {line.unitPrice === null ? '—' : formatUsd(line.unitPrice)}
                      </td>
                      <td
                        data-label="Line total"
                        className="text-right tabular-nums max-sm:text-left"
                      >
                        {line.lineTotal === null
                          ? '—'
                          : formatUsd(
                              take && line.suggestion ? line.suggestion.lineTotal : line.lineTotal,
                            )}
                      </td>
                      <td data-label="Verdict" className={statusClass(line.status)}>
                        {pricedLineMessage(line)}
                        {roundedUp ? (
                          <div className="text-xs text-base-content/80">{roundedUp}</div>
                        ) : null}
                        {line.available !== null && line.status === 'short' ? (
                          <div className="text-xs">Available: {formatCount(line.available)}</div>
                        ) : null}
                        {line.availability ? (
                          <div className="text-xs text-base-content/80">
                            Ships {availabilityText(line.availability)}
                          </div>
                        ) : null}
                        {line.suggestion ? (
                          <label className="mt-1 flex cursor-pointer items-center gap-2 text-xs text-base-content">
                            <input
                              type="checkbox"
                              className="checkbox checkbox-xs"
                              checked={take}
                              onChange={(event) =>
                                setTaken((current) => {
                                  const next = new Set(current);
                                  if (event.target.checked) next.add(line.line);
                                  else next.delete(line.line);
                                  return next;
                                })
                              }
                            />
                            {pricingMessages.nextBreak(
                              line.suggestion.quantity,
                              line.quantity,
                              dollarsToCents(line.suggestion.saving),
                            )}
                          </label>
                        ) : null}
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
            disabled={toCart.isPending}
            onClick={addToCart}
          >
            {toCart.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Add {formatCount(priced.builds)} {priced.builds === 1 ? 'board' : 'boards'} to cart
          </button>
        </>
      ) : null}
      <div role="status" className="empty:hidden">
        {verdicts ? (
          <div className="rounded-box border border-base-300 bg-base-100 p-3">
            <p className="font-semibold">
              {added} of {verdicts.verdicts.length} lines added to your cart.{' '}
              <Link to={paths.cart} className="link">
                Go to cart
              </Link>
            </p>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {verdicts.verdicts.map((verdict) => (
                <li
                  key={verdict.line}
                  data-verdict={verdict.status}
                  className={statusClass(verdict.status)}
                >
                  Line {verdict.line} ({verdict.part}): {verdict.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
