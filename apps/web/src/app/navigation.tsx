import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { rememberScrollPosition } from './scroll-restoration';

const PendingNavigation = createContext(false);

/** True while a navigation waits for its page's code (the previous page stays on screen). */
export const useNavigationPending = () => useContext(PendingNavigation);

/**
 * React Router's BrowserRouter, plus whether a navigation is under way. The shop uses the
 * router's declarative mode (routes rendered by `useRoutes`, pages as `React.lazy`): its data
 * mode (loaders, actions, fetchers) was 17 kB gzip of the entry chunk that no page used. Each
 * change of page renders in a transition, so while the next page's chunk loads React keeps the
 * current page and `useNavigationPending()` is true.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();

  useLayoutEffect(() => {
    let current = history.location.key;
    let pathname = history.location.pathname;
    return history.listen((update) => {
      rememberScrollPosition(current);
      current = update.location.key;
      // A new query string on the same page needs no new code: it renders at once, so a control
      // bound to the URL (a filter checkbox, a search box) shows its new state immediately.
      const samePage = update.location.pathname === pathname;
      pathname = update.location.pathname;
      if (samePage) setState(update);
      else startTransition(() => setState(update));
    });
  }, [history]);

  return (
    <PendingNavigation.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </PendingNavigation.Provider>
  );
}
