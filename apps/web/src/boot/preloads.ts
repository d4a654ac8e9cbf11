import { APP_ENTRY_ATTRIBUTE, APP_PRELOAD_ATTRIBUTE } from '../lib/first-paint/boot-protocol';

/**
 * A preload link starts its request as it is added, which while the page is still loading took
 * up to 20 ms a link on a slow phone: the 15-21 links of a page, added in one go, made one task of
 * 70-280 ms (up to 500) just as the page could first be used (docs/performance.md, "Slow phones").
 * So they are added a few milliseconds' worth at a time, with the browser free in between (all at
 * once on a fast device), the entry first.
 */
const SLICE_MS = 8;

function addPreloads(urls: readonly string[], from: number): void {
  const until = performance.now() + SLICE_MS;
  let next = from;
  while (next < urls.length && performance.now() < until) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = urls[next++]!;
    document.head.append(link);
  }
  if (next < urls.length) setTimeout(() => addPreloads(urls, next), 0);
}

/**
 * Fetches the app's entry (named on this script's tag) once the page has painted, instead of
 * competing with the stylesheet and the page's main image for the first paint (a hidden tab starts
 * it at once: it would get no frame to wait for), with the other chunks this page needs, each
 * evaluated when the entry asks for it. `onFailure` runs when the entry cannot be loaded.
 */
export function startApp(onFailure: () => void): void {
  const tag = document.querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`);
  const entry = tag?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entry || !entry.startsWith('/assets/')) return;
  const preload = (tag?.getAttribute(APP_PRELOAD_ATTRIBUTE) ?? '')
    .split(' ')
    .filter((url) => url.startsWith('/assets/'));
  const start = () => {
    import(/* @vite-ignore */ entry).catch(onFailure);
    addPreloads(preload, 0);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
