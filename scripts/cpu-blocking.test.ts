import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, type TraceEvent } from './cpu-blocking.ts';

const main = { pid: 7, tid: 1 };
const task = (startMs: number, wallMs: number, cpuMs: number, thread = main): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('cpuBlockingTime', () => {
  it("counts each task's CPU time after the first paint, times the slowdown, over 50 ms", () => {
    const events: TraceEvent[] = [
      task(100, 30, 30), // before the first paint
      { name: 'firstContentfulPaint', ph: 'R', ...main, ts: 200_000 },
      task(210, 40.6, 0.1), // the thread waited: long in wall time, nothing in CPU time
      task(300, 20, 10), // 10 ms × 8 = 80 ms: 30 ms blocking
      task(305, 2, 2), // inside the one before (a nested loop): already counted
      task(400, 12, 12, { pid: 7, tid: 2 }), // another thread
      task(500, 5, 5), // 40 ms at 8×: not long
    ];
    expect(cpuBlockingTime(events, 8)).toBeCloseTo(30, 6);
  });

  it('says it cannot tell when the trace has no first paint', () => {
    expect(cpuBlockingTime([task(100, 30, 30)], 4)).toBeNaN();
  });
});
