import type { OverviewDay } from '@voltforge/contract/admin-overview';
import { dateFormat } from '@voltforge/contract/format-date';
import { formatUsd } from '@voltforge/contract/money';

const shortDate = dateFormat({ dateStyle: 'month-day' }, 'UTC');
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/**
 * Round steps from 0 to at least `max` (about `count` of them; 1, 2 or 5 times a power of ten),
 * so the axes read in round figures. Whole steps only when `whole` (orders are counted).
 */
export function axisTicks(max: number, { count = 4, whole = false } = {}): number[] {
  const rough = max > 0 ? max / count : 1;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / magnitude;
  let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
  if (whole) step = Math.max(1, Math.round(step));
  const steps = Math.max(1, Math.ceil(max / step - 1e-9));
  // Multiplying (not adding) keeps 0.1-sized steps free of floating-point drift.
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** An axis figure in dollars, short: $0, $250, $1.5K, $2M. */
export function shortUsd(dollars: number): string {
  const [value, unit] =
    dollars >= 1e6 ? [dollars / 1e6, 'M'] : dollars >= 1e3 ? [dollars / 1e3, 'K'] : [dollars, ''];
  return `$${Number(value.toFixed(2))}${unit}`;
}

/** Where `value` sits on an axis whose top tick is `top`, as a percentage from the top. */
const fromTop = (value: number, top: number) => 100 - (value / top) * 100;

/** About five dates under the bars: the first, the last and evenly between. */
function dateMarks(count: number): number[] {
  const marks = Math.min(count, 5);
  if (marks < 2) return count === 1 ? [0] : [];
  return [
    ...new Set(
      Array.from({ length: marks }, (_, k) => Math.round((k * (count - 1)) / (marks - 1))),
    ),
  ];
}

/**
 * Revenue (bars, left axis) and paid orders (line, right axis) per day, drawn as SVG by React:
 * rendered with the page on the server, no chart library, no drawing after load
 * (docs/decisions/019-slow-phones.md). The plot stretches to its box (the strokes do not); the
 * axes' figures and the dates are HTML around it, so text keeps its size at any width. The SVG is
 * an image to assistive technology, labelled with the period's totals; the figures are in the
 * table below it, and each day's are its tooltip.
 */
export function SalesChart({ days, summary }: { days: OverviewDay[]; summary: string }) {
  const revenueTicks = axisTicks(Math.max(0, ...days.map((d) => d.revenue)));
  const orderTicks = axisTicks(Math.max(0, ...days.map((d) => d.paidOrders)), { whole: true });
  const revenueTop = revenueTicks[revenueTicks.length - 1] ?? 1;
  const ordersTop = orderTicks[orderTicks.length - 1] ?? 1;
  const line = days.map((d, i) => `${i + 0.5},${fromTop(d.paidOrders, ordersTop)}`).join(' ');

  return (
    <figure className="flex w-full flex-col gap-2">
      <figcaption aria-hidden="true" className="flex gap-4 text-sm text-base-content/75">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary" /> Revenue (left)
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-secondary" /> Paid orders (right)
        </span>
      </figcaption>
      <div className="relative h-64 w-full pr-8 pb-6 pl-12 text-xs text-base-content/75 sm:h-80">
        <div className="relative h-full w-full">
          <svg
            role="img"
            aria-label={summary}
            data-testid="sales-chart"
            className="absolute inset-0 h-full w-full overflow-visible"
            viewBox={`0 0 ${Math.max(days.length, 1)} 100`}
            preserveAspectRatio="none"
          >
            {revenueTicks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={days.length}
                y1={fromTop(tick, revenueTop)}
                y2={fromTop(tick, revenueTop)}
                className="stroke-base-content/15"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((d, i) => (
              <g key={d.date}>
                <rect
                  x={i}
                  y={0}
                  width={1}
                  height={100}
                  className="fill-transparent hover:fill-base-content/10"
                >
                  <title>{`${dayLabel(d.date)}: ${formatUsd(d.revenue)} revenue, ${d.paidOrders} paid ${d.paidOrders === 1 ? 'order' : 'orders'}`}</title>
                </rect>
                {d.revenue > 0 ? (
                  <rect
                    x={i + 0.15}
                    width={0.7}
                    y={fromTop(d.revenue, revenueTop)}
                    height={(d.revenue / revenueTop) * 100}
                    className="pointer-events-none fill-primary"
                    data-revenue={d.revenue}
                  />
                ) : null}
              </g>
            ))}
            <polyline
              points={line}
              className="pointer-events-none fill-none stroke-secondary"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {/* Zero-length round-capped strokes: dots that stay round however the plot stretches.
                A quarter's days are too close together for dots. */}
            {days.length <= 45 ? (
              <path
                d={days.map((d, i) => `M${i + 0.5} ${fromTop(d.paidOrders, ordersTop)}h0`).join('')}
                className="pointer-events-none stroke-secondary"
                strokeWidth={5}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          <div aria-hidden="true">
            {revenueTicks.map((tick) => (
              <span
                key={tick}
                className="absolute right-full mr-1.5 -translate-y-1/2 tabular-nums"
                style={{ top: `${fromTop(tick, revenueTop)}%` }}
              >
                {shortUsd(tick)}
              </span>
            ))}
            {orderTicks.map((tick) => (
              <span
                key={tick}
                className="absolute left-full ml-1.5 -translate-y-1/2 tabular-nums"
                style={{ top: `${fromTop(tick, ordersTop)}%` }}
              >
                {tick}
              </span>
            ))}
            {dateMarks(days.length).map((i) => (
              <span
                key={i}
                className="absolute top-full mt-1 -translate-x-1/2 whitespace-nowrap"
                style={{ left: `${((i + 0.5) / days.length) * 100}%` }}
              >
                {days[i] ? dayLabel(days[i].date) : null}
              </span>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}
