import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/navigation';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { hydrateInitialData } from './lib/initial-data';
import { queryClient } from './lib/query-client';
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

hydrateInitialData(queryClient);

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </Providers>
  </StrictMode>,
);
