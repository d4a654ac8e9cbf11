import { paths } from '../../app/paths';

/** Only same-site paths: never an absolute URL or `//evil.example` (browsers read `\` as `/`). */
function isSitePath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
  );
}

/**
 * Where to go after signing in: the page a guard sent the user away from (its `state.from`), or
 * the `next` a social sign-in carried through the provider and back (`?next=`), or home. Only
 * same-site paths are accepted.
 */
export function redirectTarget(state: unknown, search = ''): string {
  const next = new URLSearchParams(search).get('next');
  const fallback = isSitePath(next) ? next : paths.home;
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return fallback;
  const { pathname } = from;
  if (!isSitePath(pathname)) return fallback;
  const fromSearch = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${fromSearch}${hash}`;
}
