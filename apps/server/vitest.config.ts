import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^@openmat\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }],
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
