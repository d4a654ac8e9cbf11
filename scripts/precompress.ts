import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files a browser fetches as text. Pictures (WebP, PNG) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml)$/;

/**
 * Writes each compressible file of the browser's build beside itself as `.br` (Brotli at its
 * highest quality) and `.gz` (gzip at level 9), which the server sends to a browser that accepts
 * them (`@fastify/static`'s `preCompressed`, `apps/server/src/plugins/web.ts`) instead of
 * compressing the file again for every request.
 *
 * Why (docs/performance.md, "What keeps it fast"): compressed per request, at the quality a
 * server can afford per request (Brotli 4), React DOM's chunk was sent 223 times a second where a
 * bare hello was answered 86,496 times, and was 64.8 kB on the wire; written once at Brotli's
 * highest quality, 5,184 times a second and 55.5 kB. The build's 155 files take under a second.
 *
 * The server renderer's build (`skip`) is the server's code, never sent to a browser. A variant
 * that would not be smaller than its file is not written; the server then sends the file itself.
 */
export function precompress(options: { skip?: readonly string[] } = {}): Plugin {
  let outDir = '';
  return {
    name: 'voltforge:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, the public directory's copies (the boot script) included.
    async closeBundle() {
      await precompressDirectory(outDir, options.skip ?? []);
    },
  };
}

/** Writes the `.br` and `.gz` variants of every compressible file under `dir`; how many files. */
export async function precompressDirectory(
  dir: string,
  skip: readonly string[] = [],
): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !skip.some((folder) => file.startsWith(join(dir, folder, '/'))));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([
        br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
        gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
      ]);
    }),
  );
  return files.length;
}
