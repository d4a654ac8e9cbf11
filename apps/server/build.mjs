// Compiles the server once into plain JavaScript: `npm start` and `npm run serve` run dist/, so
// no TypeScript is compiled at start-up (`npm run dev` still runs the sources through tsx).
// The dependencies are bundled in too: resolving and loading hundreds of package files was about
// a third of the cold start (docs/decisions/011-performance-history.md, "Cold start"). Only packages that read files of
// their own at run time, or load optional modules, stay external (`keepExternal`). One
// self-contained file per entry (no shared chunks) keeps every `import.meta.url` at dist/, the
// depth the sources resolve `../../web/dist` from.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const keepExternal = [
  // Loads its WASM module and data files from its own directory.
  '@electric-sql/pglite',
  // Logging transports run in worker threads that load these by file path.
  'pino',
  'pino-pretty',
  'thread-stream',
  // Serves the API reference's static files from its own directory.
  '@fastify/swagger-ui',
  // Reads its font metrics, and the fonts it embeds, from files of its own (loaded on the first
  // invoice or credit note).
  'pdfkit',
  'dejavu-fonts-ttf',
  // pdfkit's font engine, also asked directly which characters the fonts can draw: one copy.
  'fontkit',
  // Loads its native image library from the package of the machine's platform
  // (@img/sharp-linux-x64 here), chosen at run time.
  'sharp',
  // Loaded only when REDIS_URL is set; pg requires pg-native only if it is installed.
  'ioredis',
  'pg-native',
];
const external = keepExternal.flatMap((name) => [name, `${name}/*`]);

rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'seed-cli': 'src/seed/seed-cli.ts',
    'make-admin': 'src/cli/make-admin.ts',
    // The thread invoices and credit notes are rendered in, loaded by file path
    // (src/modules/invoices/document-pdf-thread.ts).
    'document-pdf-worker': 'src/modules/invoices/document-pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __voltforgeRequire } from 'node:module'; const require = __voltforgeRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
