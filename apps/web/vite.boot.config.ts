import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

/**
 * The boot script (src/boot/boot.ts) as a build of its own, after the app's: one small file,
 * dist/boot.js, at a fixed address the server's pages name, sharing no chunk with the app (it
 * runs before any of the app has been fetched). Minified, and compressed like the app's scripts.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  // The app's build compressed its own files; only the root's few are done again, boot.js with them.
  plugins: [precompress({ skip: ['assets', 'images'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    modulePreload: false,
    lib: {
      entry: fileURLToPath(new URL('src/boot/boot.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'boot.js',
    },
  },
});
