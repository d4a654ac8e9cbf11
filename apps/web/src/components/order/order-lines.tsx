import { linePiecesPlain, linePiecesText } from '@voltforge/contract/back-order';
import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import type { LineProject, Order } from '@voltforge/contract/order';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** An order from a cart has several lines; its one-tool fields then describe the whole order. */
export const hasSeveralLines = (order: Pick<Order, 'lines'>) => order.lines.length > 1;

/** Whether an order's lines are listed: several, or one with the buyer's reference or project. */
export const listsLines = (order: Pick<Order, 'lines'>) =>
  hasSeveralLines(order) ||
  order.lines.some((line) => line.customerRef || line.project || !linePiecesPlain(line));

interface OrderLinesProps {
  order: Pick<Order, 'lines'>;
  /** Names the list for screen readers, e.g. "Lines of order …". */
  label: string;
  className?: string;
  /** Link a line's project to its page (the buyer's own pages; staff cannot open it). */
  linkProjects?: boolean;
}

/**
 * Where a cart or order line came from: the buyer's own reference for the part, and the project
 * revision it was bought from (docs/architecture.md, "Projects").
 */
export function LineOrigin({
  line,
  linkProject,
}: {
  line: { customerRef: string | null; project: LineProject | null };
  linkProject: boolean;
}) {
  if (!line.customerRef && !line.project) return null;
  const { project } = line;
  return (
    <div className="text-xs text-base-content/80">
      {line.customerRef ? (
        <div>
          Your ref: <span className="font-mono">{line.customerRef}</span>
        </div>
      ) : null}
      {project ? (
        <div>
          From project{' '}
          {linkProject ? (
            <Link to={paths.project(project.id)} className="link">
              {project.name}
            </Link>
          ) : (
            project.name
          )}
          , revision {project.revision}
        </div>
      ) : null}
    </div>
  );
}

/** The project revision every line was bought from, or null when they differ or have none. */
function sharedProject(lines: Order['lines']): LineProject | null {
  const project = lines[0]?.project;
  if (!project) return null;
  const same = lines.every(
    (line) => line.project?.id === project.id && line.project.revision === project.revision,
  );
  return same ? project : null;
}

/**
 * The lines of an order of several tools, one per row: part number × quantity and the name on
 * the left, the line total and the unit price on the right. A list rather than a table, so it
 * wraps inside whatever holds it (a phone's order card, the payment summary) instead of making
 * it scroll sideways. The project every line came from is said once, above them.
 */
export function OrderLines({
  order,
  label,
  className = '',
  linkProjects = false,
}: OrderLinesProps) {
  const shared = sharedProject(order.lines);
  return (
    <div className={className}>
      {shared ? (
        <LineOrigin line={{ customerRef: null, project: shared }} linkProject={linkProjects} />
      ) : null}
      <ul aria-label={label} className="divide-y divide-base-300 text-sm">
        {order.lines.map((line) => (
          <li key={line.toolId} className="flex items-start justify-between gap-3 py-1.5">
            <div className="min-w-0">
              <span className="font-mono">{line.partNumber}</span>
              <span className="tabular-nums"> × {formatCount(line.quantity)}</span>
              <div className="text-xs text-base-content/80">{line.name}</div>
              {linePiecesPlain(line) ? null : (
                <div className="text-xs font-medium">{linePiecesText(line)}</div>
              )}
              <LineOrigin
                line={{ customerRef: line.customerRef, project: shared ? null : line.project }}
                linkProject={linkProjects}
              />
            </div>
            <div className="shrink-0 text-right tabular-nums">
              <div className="font-medium">{formatUsd(line.lineTotal)}</div>
              <div className="text-xs text-base-content/80">{formatUsd(line.unitPrice)} each</div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
