import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { bundleBudget } from '../../scripts/bundle-budget.ts';
import { routePreload } from '../../scripts/route-preload.ts';
import { eagerModuleWrappers } from '../../scripts/eager-module-wrappers.ts';
import { precompress } from '../../scripts/precompress.ts';
import { preloadOnlyMissing } from '../../scripts/preload-missing.ts';
// The page table (loaded with Vite's module runner, `--configLoader runner` in package.json, which
// resolves the workspace's TypeScript packages that it and the contract import).
import { modulesOf, pages, signedInFrameModules } from './src/lib/pages.ts';
import { SIGNED_IN_FRAME } from '@voltforge/contract/page-render';
import { publicPages } from '@voltforge/contract/public-pages';
import { signedInPages } from '@voltforge/contract/signed-in-pages';

const src = (module: string) => `src/${module}`;
/** The pages the server renders: everyone's public pages and those it renders for their reader. */
const served = new Set([...Object.values(publicPages).map((page) => page.path), ...signedInPages]);
const servedPages = Object.values(pages).filter((page) => served.has(page.path));

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000' } };

/** What src/main.tsx imports on every page as soon as it has run: React DOM, in a task of its own. */
const withEntry = ['node_modules/react-dom/client.js'];

// A page's import() preloads only the chunks its caller has not loaded already (see the plugin).
const preloads = preloadOnlyMissing();

export default defineConfig(({ isSsrBuild }) => ({
  // Pinned so the build works the same from the repo root or from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // React DOM compiled as its chunk is parsed, not again when it is evaluated (see the plugin).
    eagerModuleWrappers(),
    preloads.plugin,
    // What a phone downloads for the home page (see scripts/bundle-budget.ts): the entry and
    // the home route's page. A visitor never loads the toast container or the menus. The limits
    // were set with a few kB of room (entry 94 kB and home page 113 kB then, after React
    // Router's data mode left the entry); never raise them to let a change through.
    // The stylesheet's limit is the target, 12 kB (docs/performance.md, "The stylesheet"): 11.85
    // kB when it was set, index.css without the signed-in pages' classes and with the shop's own
    // components in place of all of daisyUI's but the drawer and the root rules.
    bundleBudget({
      entryKb: 100,
      stylesheetKb: 12,
      homePageKb: 120,
      homePageModules: ['src/features/home/home-page.tsx'],
      withEntry,
      // A visitor's pages and the signed-in pages rendered on the server: their forms fetch their
      // checks (zod and the contract's schemas) on first use.
      without: {
        packages: ['zod'],
        pageModules: [
          ...new Set(servedPages.map((page) => src(page.module))),
          'src/features/admin-overview/overview-page.tsx',
        ],
      },
    }),
    // The server preloads the code of a page it renders in its HTML (route-preload.json, by route
    // pattern, from the page table) and links the stylesheets of a signed-in page; a module that
    // no longer starts a chunk fails the build.
    routePreload({
      pages: {
        ...Object.fromEntries(servedPages.map((page) => [page.path, modulesOf(page).map(src)])),
        [SIGNED_IN_FRAME]: signedInFrameModules.map(src),
      },
      withEntry,
    }),
    // Each script and stylesheet also written as .br and .gz at their best compression, which the
    // server sends as they are instead of compressing per request (see the plugin).
    precompress({ skip: ['ssr'] }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The server renderer (src/entry-server.tsx, built with `--ssr` into dist/ssr/) carries its
  // dependencies, so the server needs nothing of the web app's node_modules at run time.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the shop supports preloads modules itself; the polyfill was dead weight.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    // The public files are the browser build's to copy; the renderer's build needs none.
    copyPublicDir: !isSsrBuild,
  },
}));
