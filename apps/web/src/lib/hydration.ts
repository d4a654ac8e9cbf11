/**
 * Whether the page the server rendered is still being hydrated, and work that waits for it to
 * end. While React hydrates, every task it runs holds back a tap (docs/performance.md, "Reads wait
 * for hydration"); asking the server again for what the page was just rendered with (a stale
 * query's refetch on mount, the session it was rendered for) would only make those tasks longer.
 * Such reads wait until the page is hydrated and then run in a task of their own.
 */
let waiting: (() => void)[] | undefined;

/** The entry is about to hydrate a server-rendered page. */
export function hydrationStarts(): void {
  waiting ??= [];
}

/**
 * The page's effects run once it is hydrated (or rendered), or its error once shown: from then on
 * its controls work, so public/boot.js stops holding taps and does the ones it held; then what
 * waited for hydration runs, in a task of its own.
 */
export function pageHydrated(): void {
  document.getElementById('root')?.setAttribute('data-hydrated', '');
  const run = waiting;
  waiting = undefined;
  if (!run?.length) return;
  // After what the visitor did while the page hydrated (public/boot.js does it now): when the
  // browser is next idle, or within a second whatever happens.
  const later = (work: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(work, { timeout: 1000 })
      : setTimeout(work, 0);
  later(() => run.forEach((work) => work()));
}

export const isHydrating = (): boolean => waiting !== undefined;

/** Runs `work` now, or once the page is hydrated when it is being hydrated. */
export function afterHydration(work: () => void): void {
  if (waiting) waiting.push(work);
  else work();
}
