import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ToastContainer } from 'react-toastify';
import { createElement, useEffect, useReducer, useSyncExternalStore, type ReactNode } from 'react';
import { authClient } from '../lib/auth/auth-client';
import { queryClient } from '../lib/api/query-client';
import { loadedAt, RenderTimeProvider } from '../lib/first-paint/render-time';
import { RenderedSession, type SessionState } from '../lib/auth/rendered-session';
import { subscribeToToastRequests, toastRequested } from '../lib/page/toast';

/*
 * react-toastify 11 injects its own stylesheet when the container mounts, so its CSS file is not
 * imported separately (it would ship twice). A visitor reading the shop never sees a toast, so it
 * is a chunk of its own, and its container mounts when code first asks lib/page/toast for a toast.
 * For a signed-in person, whose actions toast often, the chunk is fetched and evaluated once the
 * page is idle, so their first toast shows without waiting for its code; the container still
 * mounts only with the first toast: mounted when idle, it and the stylesheet it injects (which
 * makes the browser match every element against it again) were a task of their own at the end
 * of every signed-in page's load (docs/performance.md, "Toasts mount with the first toast").
 * A toast raised before the container mounts waits in react-toastify's queue, then shows.
 */
let LoadedContainer: typeof ToastContainer | undefined;
let loading: Promise<unknown> | undefined;
/** Fetches the container's code, once; without it (offline) the page shows no toasts. */
const loadToasts = () =>
  (loading ??= import('react-toastify').then(
    (module) => (LoadedContainer = module.ToastContainer),
    () => undefined,
  ));

const IDLE_TIMEOUT_MS = 3000;

function whenLoadedAndIdle(callback: () => void): () => void {
  let cancelIdle = () => {};
  const onLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(callback, 1);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle();
  };
}

function Toasts() {
  // The server never shows a toast; hydration starts from the same.
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  const signedIn = !!authClient.useSession().data;
  const [, codeArrived] = useReducer((arrivals: number) => arrivals + 1, 0);
  useEffect(() => {
    if (signedIn) return whenLoadedAndIdle(() => void loadToasts());
  }, [signedIn]);
  useEffect(() => {
    if (requested && !LoadedContainer) void loadToasts().then(codeArrived);
  }, [requested]);
  // Always react-toastify's one container once mounted, whatever renders this again: a swap
  // would drop the toasts it shows. Not in a Suspense boundary, which would hold the first toast
  // back 300 ms; a toast raised before it mounts waits in react-toastify's queue.
  if (!requested || !LoadedContainer) return null;
  return createElement(LoadedContainer, {
    position: 'top-right',
    autoClose: 5000,
    draggablePercent: 80,
  });
}

interface ProvidersProps {
  children: ReactNode;
  /** The app's query cache; the server renders each page with a cache of its own. */
  client?: QueryClient;
  /** See lib/first-paint/render-time.ts; undefined: when this code loaded. */
  renderedAt?: number;
  /** See lib/auth/rendered-session.ts; undefined for a page rendered for everyone. */
  session?: SessionState;
}

export function Providers({ children, client = queryClient, renderedAt, session }: ProvidersProps) {
  return (
    <RenderTimeProvider value={renderedAt ?? loadedAt}>
      <RenderedSession.Provider value={session}>
        <QueryClientProvider client={client}>
          {children}
          <Toasts />
        </QueryClientProvider>
      </RenderedSession.Provider>
    </RenderTimeProvider>
  );
}
