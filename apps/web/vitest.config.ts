import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Tests never assert speed: a user-event journey in jsdom may take several seconds when the
    // machine is busy (the server suite runs beside it), so the limit only catches a real hang.
    testTimeout: 20_000,
  },
});
