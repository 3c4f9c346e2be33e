import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two journeys at once, each with its own browser, against the one server of the global setup. A
    // journey waits on its browser, its server and the analysis far more than it computes: one at a time
    // they kept two cores about 35 % busy (205 s); two at once took 140 s, three 149 s (2026-11-29).
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
