/**
 * What a visitor typed or sent before the page hydrated is held by the boot script and done once
 * it has (public/boot.js), which marks the root `data-held` and announces it with `voltforge:held`.
 * Code that a held send will need (a form's checks, the sign-in client) registers here to be
 * fetched at once, while the page hydrates, so the send is not kept waiting for it after.
 */
const preloads = new Set<() => void>();

const heldBeforeHydration = () =>
  typeof document !== 'undefined' &&
  document.getElementById('root')?.hasAttribute('data-held') === true;

if (typeof document !== 'undefined') {
  document.addEventListener('voltforge:held', () => preloads.forEach((preload) => preload()));
}

/** Runs `preload` when something is held before hydration: now, if it already has been. */
export function preloadWhenHeld(preload: () => void): void {
  preloads.add(preload);
  if (heldBeforeHydration()) preload();
}
