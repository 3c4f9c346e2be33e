// `npm test`: type checks, lint and formatting, unit tests, server integration tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), a production build, a smoke run of every benchmark, and
// browser journeys in Chromium.
//
// The steps run one after the other, each with live output: typecheck, lint and format (these three side
// by side, each on one core), then server → build → bench → e2e → contract → web. On two cores that is
// the fastest way: each later step already keeps both cores busy (the server's and the web app's tests
// and the journeys run two files at once), and two steps at once fight for them. Measured on 2026-11-29
// on the two-core machine: 856 s one after the other, 1,233-1,407 s in two lanes; the journeys (then one
// file at a time) and the web tests took 202 + 108 s one after the other and 348 s side by side. Where
// there are four cores or more, or with `TEST_LANES=2`, they run in two lanes at once:
//   checks:  typecheck → server
//   build:   lint → format → build → bench → e2e → contract → web   (the journeys and benchmarks share
//            this one build)
// Neither lane reads what the other writes: the server's tests run from the sources, the journeys from
// the build. In lanes, each step's output is printed whole when the step ends, so the lanes never
// interleave. `TEST_LANES=1` runs the steps one after the other on any machine.
// The first failing step stops everything, with every process it started (servers a test started in a
// process group of its own too).
// It ends with one summary line of every test counted, after the names of the tests that failed (a CI log is
// often read only at its end).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
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

const checks = [
  { name: 'typecheck', cmd: npm, args: ['run', 'typecheck', '--silent'] },
  vitest('server', 'apps/server'),
];
const build = [
  { name: 'lint', cmd: npm, args: ['run', 'lint', '--silent'] },
  { name: 'format', cmd: npm, args: ['run', 'format:check', '--silent'] },
  { name: 'build', cmd: npm, args: ['run', 'build', '--silent'] },
  // Every benchmark once, briefly and on small data, against the build: a script that crashes fails here.
  { name: 'bench', cmd: process.execPath, args: ['bench/run.mjs'], env: { BENCH_SMOKE: '1' } },
  vitest('e2e', 'e2e'),
  // The unit tests of the contract and the web app need no build; in lanes, they balance the two.
  vitest('contract', 'packages/contract'),
  vitest('web', 'apps/web'),
];
/** Two lanes only where there are cores for both, or when asked for. */
const serial = process.env.TEST_LANES ? process.env.TEST_LANES !== '2' : availableParallelism() < 4;
// One after the other, the quick checks come first, so that a type, lint or format error fails in a minute.
// Those three run side by side: each is one process on one core, they wait on nothing, and together
// they took 93 s where one after the other they take 113 s (typecheck and lint, 2026-11-29).
const [typecheck, server] = checks;
const [lint, format, ...rest] = build;
/** Phases one after the other; the lanes of a phase side by side; a lane's steps one after the other. */
const phases = serial
  ? [{ lanes: [[typecheck], [lint], [format]] }, { lanes: [[server, ...rest]], live: true }]
  : [{ lanes: [checks, build] }];

const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests of every step, named again in the summary: a long log's tail must say what failed. */
const failures = [];
/** How many failed tests the summary names; the step's own output above has them all. */
const FAILURES_NAMED = 20;

/** Each failed test of a Vitest JSON report (or a file that failed without a test), with its first message line. */
function failuresOf(step, report) {
  const firstLine = (messages) =>
    (messages ?? [])
      .join('\n')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${step}: ${where}: ${firstLine([file.message ?? ''])}`];
    return failed.map((test) => `${step}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
  });
}
const lines = [];
const started = Date.now();
const running = new Set();
let failedStep = null;

/** Runs a step; `live` prints its output as it comes, otherwise it is kept and answered. */
function runStep(step, live) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      // Its own process group, so that a failure elsewhere can stop it with everything it started.
      detached: process.platform !== 'win32',
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...step.env },
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() });
    });
  });
}

/**
 * A process and everything started under it, however deep, each with its process group: a test that
 * starts a server in a group of its own (to kill it outright) leaves it out of the step's group.
 */
function processTree(pid) {
  let table;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid='], { encoding: 'utf8' });
  } catch {
    return [{ pid, group: pid }];
  }
  const rows = table
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const inTree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [each, parent] of rows) {
      if (inTree.has(parent) && !inTree.has(each)) {
        inTree.add(each);
        grew = true;
      }
    }
  }
  return rows.filter(([each]) => inTree.has(each)).map(([each, , group]) => ({ pid: each, group }));
}

function signalTree(tree, signal) {
  const groups = new Set(tree.map((each) => each.group).filter((group) => group > 1 && group !== process.pid));
  for (const target of [...[...groups].map((group) => -group), ...tree.map((each) => each.pid)]) {
    try {
      process.kill(target, signal);
    } catch {
      // Gone already.
    }
  }
}

/** Seconds a stopped step has to end by itself before it and all it started are killed. */
const GRACE_SECONDS = 5;
let stopping = Promise.resolve();

function stopOthers() {
  const trees = [...running].map((child) => processTree(child.pid));
  for (const tree of trees) signalTree(tree, 'SIGTERM');
  stopping = new Promise((resolve) =>
    setTimeout(() => {
      for (const tree of trees) signalTree(tree, 'SIGKILL');
      resolve();
    }, GRACE_SECONDS * 1000),
  );
}

async function runLane(steps, live) {
  for (const step of steps) {
    if (failedStep) return;
    const t0 = Date.now();
    if (live) console.log(`\n▶ ${step.name}`);
    const { status, output } = await runStep(step, live);
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    // A step stopped because another lane failed is not reported as a failure of its own.
    if (failedStep) return;
    if (!live) {
      console.log(`\n▶ ${step.name} (${seconds} s)`);
      process.stdout.write(output);
    }
    let counts = '';
    if (step.report && existsSync(step.report)) {
      const report = JSON.parse(readFileSync(step.report, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
      counts = ` ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
      failures.push(...failuresOf(step.name, report));
    }
    lines.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.name.padEnd(10)} ${seconds.padStart(6)} s${counts}`);
    if (status !== 0) {
      failedStep = step.name;
      if (totals.failed === 0) totals.failed = 1;
      stopOthers();
      return;
    }
  }
}

for (const phase of phases) {
  if (failedStep) break;
  await Promise.all(phase.lanes.map((lane) => runLane(lane, phase.live === true)));
}
await stopping;

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s${failedStep ? `; stopped at ${failedStep}` : ''}`);
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures.slice(0, FAILURES_NAMED)) console.log(`  ${failure.slice(0, 300)}`);
  if (failures.length > FAILURES_NAMED) console.log(`  and ${failures.length - FAILURES_NAMED} more (above)`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
