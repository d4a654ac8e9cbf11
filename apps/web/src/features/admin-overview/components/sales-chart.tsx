import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { OverviewDay } from '@voltforge/contract/admin-overview';
import { formatUsd } from '@voltforge/contract/money';

// Only the pieces this chart draws, so the chunk carries no other chart types.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** A theme colour from daisyUI's CSS variables, so the chart follows the site's palette. */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * Revenue (bars) and paid orders (line) per day. The canvas is an image to assistive technology,
 * labelled with the period's totals; the figures themselves are in the table beside it.
 */
export default function SalesChart({ days, summary }: { days: OverviewDay[]; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    const chart = new Chart(element, {
      data: {
        labels: days.map((d) => dayLabel(d.date)),
        datasets: [
          {
            type: 'bar',
            label: 'Revenue',
            data: days.map((d) => d.revenue),
            backgroundColor: themeColor('--color-primary', '#1d4ed8'),
            yAxisID: 'revenue',
            order: 2,
          },
          {
            type: 'line',
            label: 'Paid orders',
            data: days.map((d) => d.paidOrders),
            borderColor: themeColor('--color-secondary', '#b45309'),
            backgroundColor: themeColor('--color-secondary', '#b45309'),
            yAxisID: 'orders',
            pointRadius: 2,
            order: 1,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          revenue: {
            type: 'linear',
            position: 'left',
            beginAtZero: true,
            ticks: { callback: (value) => formatUsd(Number(value)) },
          },
          orders: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { precision: 0 },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                item.dataset.label === 'Revenue'
                  ? `Revenue: ${formatUsd(Number(item.raw))}`
                  : `Paid orders: ${String(item.raw)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);

  return (
    <div className="relative h-64 w-full sm:h-80">
      <canvas ref={canvas} role="img" aria-label={summary} data-testid="sales-chart" />
    </div>
  );
}
