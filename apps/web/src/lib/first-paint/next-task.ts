interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resolves in a new one, the browser free in between to paint or take
 * a tap (docs/performance.md, "The entry in steps"). `scheduler.yield` where the browser has it:
 * its continuation runs ahead of other queued tasks, so a page is not held back by the yield.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
