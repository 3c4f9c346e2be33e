// `npm test`: type checks, lint and formatting, unit tests, server integration tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), a production build, a smoke run of every benchmark, and
// browser journeys in Chromium.
// It stops at the first failing step and ends with one summary line of every test counted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}.test-results`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitest = (name, dir) => ({
  name,
  cmd: npm,
  args: [
    'exec',
    '--',
    'vitest',
    'run',
    '--root',
    dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/${name}.json`,
  ],
  report: `${results}/${name}.json`,
});

const steps = [
  { name: 'typecheck', cmd: npm, args: ['run', 'typecheck', '--silent'] },
  { name: 'lint', cmd: npm, args: ['run', 'lint', '--silent'] },
  { name: 'format', cmd: npm, args: ['run', 'format:check', '--silent'] },
  vitest('contract', 'packages/contract'),
  vitest('web', 'apps/web'),
  vitest('server', 'apps/server'),
  { name: 'build', cmd: npm, args: ['run', 'build', '--silent'] },
  // Every benchmark once, briefly and on small data, against the build: a script that crashes fails here.
  { name: 'bench', cmd: process.execPath, args: ['bench/run.mjs'], env: { BENCH_SMOKE: '1' } },
  vitest('e2e', 'e2e'),
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const started = Date.now();
let failedStep = null;

for (const step of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${step.name}`);
  const { status } = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...step.env },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  let counts = '';
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    counts = ` ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
  }
  lines.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.name.padEnd(10)} ${seconds.padStart(6)} s${counts}`);
  if (status !== 0) {
    failedStep = step.name;
    if (totals.failed === 0) totals.failed = 1;
    break;
  }
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s${failedStep ? `; stopped at ${failedStep}` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
