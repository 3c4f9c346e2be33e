import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src/', import.meta.url));
const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const api = process.env.OPENMAT_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@openmat\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${src}$1` },
    ],
  },
  server: {
    proxy: {
      '/api': api,
      '/vid': api,
      '/videoShareHub': { target: api, ws: true },
      '/videoAnalysisHub': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Generous enough for a busy two-core machine, as the server's suite (ADR 0016).
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Both cores (Vitest would use one fewer than the cores): npm test runs it alone, as its last step, and
    // it took 88 s instead of 130 s on two cores.
    maxWorkers: 2,
  },
});
