import { useSyncExternalStore } from 'react';
import {
  APP_FAILED_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HELD_EVENT,
  HYDRATED_ATTRIBUTE,
} from './boot-protocol';

/**
 * Whether the page the server rendered is still being hydrated, and work that waits for it to
 * end. While React hydrates, every task it runs holds back a tap (docs/performance.md, "Reads wait
 * for hydration"); asking the server again for what the page was just rendered with (a stale
 * query's refetch on mount, the session it was rendered for) would only make those tasks longer.
 * Such reads wait until the page is hydrated and then run in a task of their own.
 */
let waiting: Set<() => void> | undefined;
/** False from the start of hydration until what waited for it runs (`useHydrated`). */
let settled = true;
const listeners = new Set<() => void>();

/** The entry is about to hydrate a server-rendered page. */
export function hydrationStarts(): void {
  waiting ??= new Set();
  settled = false;
}

/**
 * The page's effects run once it is hydrated (or rendered), or its error once shown: from then on
 * its controls work, so the boot script (src/boot/) stops holding taps and does the ones it held; then what
 * waited for hydration runs, in a task of its own.
 */
export function pageHydrated(): void {
  document.getElementById('root')?.setAttribute(HYDRATED_ATTRIBUTE, '');
  const run = waiting;
  waiting = undefined;
  if (!run) return;
  // After what the visitor did while the page hydrated (the boot script does it now): when the
  // browser is next idle, or within a second whatever happens.
  const later = (work: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(work, { timeout: 1000 })
      : setTimeout(work, 0);
  later(() => {
    settled = true;
    run.forEach((work) => work());
    listeners.forEach((listener) => listener());
  });
}

export const isHydrating = (): boolean => waiting !== undefined;

/**
 * Runs `work` now, or once the page is hydrated when it is being hydrated (the same function
 * asked for again, once).
 */
export function afterHydration(work: () => void): void {
  if (waiting) waiting.add(work);
  else work();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For a read a page does not have when it is rendered (a query without data whose answer is made
 * on request, such as a payment intent): `useQuery({ enabled: useHydrated() && … })` asks once the
 * page is hydrated, with what waited for it, rather than inside React's commit of hydration. True
 * at once on a page the browser paints, and false on the server.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}

/** Part of the app could not be loaded (React DOM): the boot script lets go of what it held. */
export function appFailed(container: HTMLElement): void {
  container.setAttribute(APP_FAILED_ATTRIBUTE, '');
}

/*
 * What a visitor typed or sent before the page hydrated is held by the boot script and done once
 * it has (src/boot/held-taps.ts), which marks the root and announces it. Code that a held send
 * will need (a form's checks, the sign-in client) registers here to be fetched at once, while the
 * page hydrates, so the send is not kept waiting for it after.
 */
const heldPreloads = new Set<() => void>();

const heldBeforeHydration = () =>
  typeof document !== 'undefined' &&
  document.getElementById('root')?.hasAttribute(HELD_ATTRIBUTE) === true;

if (typeof document !== 'undefined') {
  document.addEventListener(HELD_EVENT, () => heldPreloads.forEach((preload) => preload()));
}

/** Runs `preload` when something is held before hydration: now, if it already has been. */
export function preloadWhenHeld(preload: () => void): void {
  heldPreloads.add(preload);
  if (heldBeforeHydration()) preload();
}
