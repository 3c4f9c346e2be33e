// Runs every benchmark in this folder, one after the other.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')) {
  console.log(`\n# ${file}`);
  const { status } = spawnSync(process.execPath, [`${here}${file}`], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
