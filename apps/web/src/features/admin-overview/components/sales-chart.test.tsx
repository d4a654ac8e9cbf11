import { act, render, screen } from '@testing-library/react';
import type { OverviewDay } from '@voltforge/contract/admin-overview';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SalesChart, axisTicks, shortUsd } from './sales-chart';

/** 30 days from May 17, 2026: $10 on the first, $55 (2 orders) and $20 on the last two. */
const days: OverviewDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 4, 17 + i)).toISOString().slice(0, 10),
  revenue: i === 29 ? 20 : i === 28 ? 55 : i === 0 ? 10 : 0,
  paidOrders: i === 28 ? 2 : i === 29 || i === 0 ? 1 : 0,
}));

const summary = 'Chart of revenue and paid orders per day over the last 30 days';

describe('the sales chart', () => {
  it('is one labelled image, each day telling its figures on hover', () => {
    const { container } = render(<SalesChart days={days} summary={summary} />);
    const chart = screen.getByRole('img', { name: summary });
    const tips = [...chart.querySelectorAll('title')].map((t) => t.textContent);
    expect(tips).toHaveLength(30);
    expect(tips[0]).toBe('May 17: $10.00 revenue, 1 paid order');
    expect(tips[1]).toBe('May 18: $0.00 revenue, 0 paid orders');
    expect(tips[28]).toBe('Jun 14: $55.00 revenue, 2 paid orders');
    // The axes' figures and dates are visible text, but not read out besides the image's label.
    const axes = container.querySelector('[aria-hidden="true"]:not(figcaption)');
    expect(axes?.textContent).toContain('$0');
    expect(axes?.textContent).toContain('$60');
    expect(axes?.textContent).toContain('May 17');
    expect(axes?.textContent).toContain('Jun 15');
  });

  it('draws a bar per day with sales, as tall as its share of the axis', () => {
    render(<SalesChart days={days} summary={summary} />);
    const bars = [...screen.getByRole('img').querySelectorAll('rect[data-revenue]')];
    expect(bars.map((b) => b.getAttribute('data-revenue'))).toEqual(['10', '55', '20']);
    // The revenue axis runs $0–$60 in $20 steps, so $55 is 55/60 of the plot's height (100).
    const tallest = bars[1];
    expect(Number(tallest?.getAttribute('height'))).toBeCloseTo((55 / 60) * 100, 6);
    expect(Number(tallest?.getAttribute('y'))).toBeCloseTo(100 - (55 / 60) * 100, 6);
    // The line of paid orders passes through the peak day at the top of its axis (0–2).
    const line = screen.getByRole('img').querySelector('polyline')?.getAttribute('points');
    expect(line?.split(' ')[28]).toBe('28.5,0');
  });

  it('is drawn by the server and hydrates as it is, with or without sales', async () => {
    const quiet = days.map((d) => ({ ...d, revenue: 0, paidOrders: 0 }));
    for (const period of [days, quiet]) {
      const html = renderToString(<SalesChart days={period} summary={summary} />);
      expect(html).toContain('role="img"');
      expect(html).not.toContain('NaN');
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.append(host);
      const mismatches: unknown[] = [];
      const drawn = host.querySelector('svg');
      await act(async () => {
        hydrateRoot(host, <SalesChart days={period} summary={summary} />, {
          onRecoverableError: (error) => mismatches.push(error),
        });
      });
      expect(mismatches).toEqual([]);
      // React kept the server's drawing rather than drawing it again.
      expect(host.querySelector('svg')).toBe(drawn);
      host.remove();
    }
  });
});

describe('axis ticks', () => {
  it('steps in 1, 2 or 5 times a power of ten up to at least the largest figure', () => {
    expect(axisTicks(55)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it('counts orders in whole steps', () => {
    expect(axisTicks(2, { whole: true })).toEqual([0, 1, 2]);
    expect(axisTicks(0, { whole: true })).toEqual([0, 1]);
    expect(axisTicks(37, { whole: true })).toEqual([0, 10, 20, 30, 40]);
  });

  it('writes dollars short', () => {
    expect(shortUsd(0)).toBe('$0');
    expect(shortUsd(250)).toBe('$250');
    expect(shortUsd(1500)).toBe('$1.5K');
    expect(shortUsd(2_000_000)).toBe('$2M');
  });
});
