// Runs every benchmark in this folder and fails when any of them fails. Measured runs go one after the
// other, so that no benchmark's figures are taken on a machine another one keeps busy.
// `BENCH_SMOKE=1` runs each once, briefly and on small data (npm test does, so that none can rot). Their
// figures mean nothing then, so the smoke runs go two at a time, the longest first, each one's output
// printed whole when it ends.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const smoke = process.env.BENCH_SMOKE === '1';
/** The smoke runs that take most of the time (the pose model on real frames) start first. */
const LONGEST_FIRST = ['analysis-accuracy.mjs', 'analysis-steadiness.mjs'];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort((a, b) => Number(LONGEST_FIRST.includes(b)) - Number(LONGEST_FIRST.includes(a)) || a.localeCompare(b));

function run(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [`${here}${file}`], {
      stdio: smoke ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    if (!smoke) console.log(`\n# ${file}`);
    child.on('close', (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (smoke) process.stdout.write(`\n# ${file}\n${Buffer.concat(chunks).toString()}`);
      if (status !== 0) console.log(`# ${file} FAILED (${signal ?? `exit ${status}`}) after ${seconds} s`);
      else console.log(`# ${file} done in ${seconds} s`);
      resolve(status === 0 ? null : file);
    });
  });
}

const queue = [...files];
const failed = [];
const lanes = Array.from({ length: smoke ? 2 : 1 }, async () => {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const failure = await run(file);
    if (failure) failed.push(failure);
  }
});
await Promise.all(lanes);
if (failed.length > 0) {
  console.log(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
