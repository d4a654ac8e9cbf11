/** The fields of a Chromium trace event these scripts read (this one, trace-compare.ts). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** The thread's CPU time in it, µs. */
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** A task longer than this blocks a tap (Lighthouse's and the Long Tasks API's rule). */
const LONG_TASK_MS = 50;

/** Total blocking time of tasks of these lengths, ms: each one's time over 50 ms, summed. */
export function blockingTime(tasksMs: readonly number[]): number {
  return tasksMs.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);
}

/**
 * Total blocking time after the first contentful paint, counted from each main-thread task's CPU
 * time multiplied by `slowdown`, where Lighthouse's simulation multiplies its wall time.
 *
 * Why (docs/performance.md, "Method"): on this two-core machine the shop, Lighthouse and the
 * browser's other processes share the cores with the page, and a task during which the page's
 * thread waited for a core, or for a lock, counts as blocking as long as it lasted, times the
 * slowdown: one task of 40.6 ms with 0.1 ms of CPU gave 287 ms of a tool page's TBT at 8.3×. This
 * counts what the page's own work would block on a phone of that speed, and nothing it waited for
 * (a wait a phone would have too, such as for a script compiled on another thread, included):
 * a floor, printed beside Lighthouse's figure, from which the TBT aim as a slow phone is read on
 * this machine. Counted to the end of the trace, not to Lighthouse's time to interactive.
 */
export function cpuBlockingTime(events: readonly TraceEvent[], slowdown: number): number {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return Number.NaN;
  const tasks = events
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ts >= paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const slowedMs: number[] = [];
  let end = -Infinity;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is part of the outer one's time.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    slowedMs.push(((task.tdur ?? task.dur ?? 0) / 1000) * slowdown);
  }
  return blockingTime(slowedMs);
}
