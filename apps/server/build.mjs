// Compiles the server once into plain JavaScript: `npm start` and `npm run serve` run dist/, so
// no TypeScript is compiled at start-up (`npm run dev` still runs the sources through tsx).
// Packages from node_modules stay external; the shared contract is TypeScript source, so it is
// bundled in. One self-contained file per entry (no shared chunks) keeps every `import.meta.url`
// at dist/, the depth the sources resolve `../../web/dist` from.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => name !== '@voltforge/contract')
  .flatMap((name) => [name, `${name}/*`]);

rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'seed-cli': 'src/db/seed-cli.ts',
    'make-admin': 'src/cli/make-admin.ts',
  },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
