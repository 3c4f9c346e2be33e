import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/**
 * Files that spend half a minute or more (killed and restarted servers, leases running out, the pose
 * model on real footage). They start first: the short files fill the other fork around them instead of
 * one of them running alone at the end.
 */
const SLOW_FIRST = [
  'analysis-restart',
  'analysis-model',
  'pose-footage',
  'malformed-input',
  'operations',
  'job-outbox',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: {
    alias: [{ find: /^@openmat\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }],
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    // A cap on a test that hangs, not a speed target (those are in bench/): the analysis tests take 5-10 s
    // on an idle machine and 13-20 s on a slow host with other work running, where 20 s failed them.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two forks even on two cores (Vitest would use one fewer than the cores): much of a file's time is
    // spent waiting on databases, child processes and leases, and with one fork the suite left the
    // machine partly idle. In npm test it took 567 s instead of 750-800 s.
    maxWorkers: 2,
    // The files of a fork share one module world instead of each importing the app afresh: that import
    // (the server's sources through Vite, Fastify, the drivers, the SDKs) took 2-6 s a file, 170 s of the
    // two forks' time in all. The tests share no module state: every app, database, clock and pose model is
    // made by the test itself, nothing is mocked, and no file changes the environment or globals (the
    // console.error guard wraps once; test/support/fail-on-console-error.ts).
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
