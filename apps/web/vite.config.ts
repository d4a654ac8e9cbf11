import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000' } };

export default defineConfig({
  // Pinned so the build works the same from the repo root or from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
