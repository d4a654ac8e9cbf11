import { startTransition, StrictMode } from 'react';
import { AppRouter } from './app/navigation';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoutes } from './app/router';
import { seedSession } from './lib/auth/auth-client';
import { appFailed, hydrationStarts } from './lib/first-paint/hydration';
import { hydrateInitialData } from './lib/first-paint/initial-data';
import { nextTask } from './lib/first-paint/next-task';
import { queryClient } from './lib/api/query-client';
import './index.css';

// zod probes `new Function` to pick a faster parser; the shop's Content-Security-Policy forbids
// eval, so on every page with a form the probe only raised a CSP violation (Lighthouse's
// "inspector issue"). jitless skips the probe. zod keeps its settings on this global, shared by
// every copy of it, so setting it here does not pull zod into the entry chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// React DOM (60 kB gzip, most of the app's code) is evaluated in a task of its own, after this
// module and the app's: on a slow phone, shorter tasks instead of one long one that holds back a
// tap (docs/performance.md, "The entry in steps"). index.html preloads it with the entry, so it is
// fetched alongside, not after this has run.
const reactDom = import('react-dom/client');
// React DOM could not be loaded (offline, or replaced by a new release): the page stays as the
// server made it, and the boot script (src/boot/) lets go of the taps it was holding.
const failed = (error: unknown) => {
  appFailed(container);
  throw error;
};

void start(container);

/**
 * What the entry does once its modules have been evaluated, each step a task of its own: the
 * page's first data into the query cache, then the page's code, then hydration.
 */
async function start(container: HTMLElement) {
  await nextTask();
  const initialData = hydrateInitialData(queryClient);
  // A signed-in page rendered for its reader starts from the session it was rendered with.
  const session = initialData?.session ? seedSession(initialData.session) : undefined;
  // Rendered for a reader whose session cannot be read back: painted afresh rather than hydrated.
  const rendersAfresh = initialData?.session !== undefined && session === undefined;

  const app = (
    <StrictMode>
      <Providers renderedAt={initialData?.renderedAt} session={session}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </Providers>
    </StrictMode>
  );

  if (container.firstChild && !rendersAfresh) {
    // The server rendered this page (docs/decisions/007-server-rendering.md): hydrate it once the
    // page's code is here (its chunks were preloaded by the HTML), so nothing suspends and the
    // server's HTML is kept. A chunk that failed to load fails again in the page's error
    // boundary. In a transition, React hydrates in slices and lets the browser in between,
    // instead of one long task that would hold back a tap.
    hydrationStarts();
    await nextTask();
    const page = preloadRoutes(window.location.pathname).catch(() => undefined);
    await Promise.all([reactDom, page]).then(
      ([{ hydrateRoot }]) => startTransition(() => void hydrateRoot(container, app)),
      failed,
    );
  } else {
    await reactDom.then(({ createRoot }) => {
      container.replaceChildren();
      createRoot(container).render(app);
    }, failed);
  }
}
