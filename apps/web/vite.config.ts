import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { bundleBudget } from '../../scripts/bundle-budget.ts';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000' } };

export default defineConfig({
  // Pinned so the build works the same from the repo root or from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // What a phone downloads for the home page (see scripts/bundle-budget.ts): the entry and
    // the home route's page. A visitor never loads the toast container or the menus. The limits
    // hold today's sizes (entry 111.4 kB, home page 129.3 kB, after the route table gained the mail,
    // password-reset, review-moderation and staff pages) with under 1 kB to spare; React DOM,
    // React Router and TanStack Query alone are 102 kB of the entry (docs/performance.md), so the
    // 100/120 kB goal needs one of them lighter. Lower the limits as the first load shrinks; never
    // raise them to let a change through.
    bundleBudget({
      entryKb: 112,
      homePageKb: 130,
      homePageModules: ['src/features/home/home-page.tsx'],
    }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the shop supports preloads modules itself; the polyfill was dead weight.
    modulePreload: { polyfill: false },
  },
});
