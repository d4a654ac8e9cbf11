import { paths } from '../../app/paths';

/**
 * Where to go after signing in: the page a guard sent the user away from (its
 * `state.from`), or home. Only same-site paths are accepted.
 */
export function redirectTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.home;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return paths.home;
  const { pathname } = from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.home;
  }
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
