import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one browser at a time keeps the journeys steady.
    fileParallelism: false,
    pool: 'forks',
  },
});
