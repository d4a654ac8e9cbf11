import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Where each history entry was left scrolled, by its location key. */
const positions = new Map<string, number>();

/** Called as the location changes, before the next page renders: notes where the page was left. */
export function rememberScrollPosition(locationKey: string) {
  positions.set(locationKey, window.scrollY);
}

/**
 * What the data router's <ScrollRestoration> did: a new page starts at the top (or at its
 * #hash), and Back/Forward return to where that entry was left (AppRouter notes it).
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) {
      const saved = positions.get(location.key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
