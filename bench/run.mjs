// Runs every benchmark in this folder, one after the other, and fails when any of them fails.
// `BENCH_SMOKE=1` runs each once, briefly and on small data (npm test does, so that none can rot).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const failed = [];
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  console.log(`\n# ${file}`);
  const started = Date.now();
  const { status, signal } = spawnSync(process.execPath, [`${here}${file}`], { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    failed.push(file);
    console.log(`# ${file} FAILED (${signal ?? `exit ${status}`}) after ${seconds} s`);
  } else {
    console.log(`# ${file} done in ${seconds} s`);
  }
}
if (failed.length > 0) {
  console.log(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
