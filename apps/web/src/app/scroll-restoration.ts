import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by its location key. */
const positions = new Map<string, number>();

/**
 * What the data router's <ScrollRestoration> did: a new page starts at the top (or at its
 * #hash), and Back/Forward return to where that entry was left.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

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
