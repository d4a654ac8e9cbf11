import { paths } from '../../lib/paths';

// Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` or
// `/\evil.example` would become `//evil.example`: such a value is refused outright.
const hasUnsafeCharacter = (value: string) =>
  Array.from(value).some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\');

/** Only a path on this site: what the browser would resolve it to must stay on this origin. */
function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || hasUnsafeCharacter(value)) {
    return false;
  }
  try {
    return new URL(value, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Where to go after signing in: the page a guard sent the user away from (its `state.from`), or
 * the `next` a social sign-in carried through the provider and back (`?next=`), or home. Only
 * same-origin paths are accepted.
 */
export function redirectTarget(state: unknown, search = ''): string {
  const next = new URLSearchParams(search).get('next');
  const fallback = isSitePath(next) ? next : paths.home;
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return fallback;
  const { pathname } = from;
  if (typeof pathname !== 'string') return fallback;
  const fromSearch = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  const target = `${pathname}${fromSearch}${hash}`;
  return isSitePath(target) ? target : fallback;
}
