// `npm run worker` and `npm run migrate`: the server's worker or migration entry point, run from the
// project's root exactly as `npm start` runs the API, so that a relative DATA_DIR (the default `./data`),
// the SQLite file and the signing key in it are the same ones. It starts from the existing build and
// builds only when there is none (`npm start` and `npm run build` make one).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const entry = process.argv[2];
if (entry !== 'worker' && entry !== 'migrate') {
  console.error('usage: node scripts/run-entry.mjs worker|migrate');
  process.exit(2);
}
const file = `apps/server/dist/entrypoints/${entry}.js`;

if (!existsSync(`${root}${file}`)) {
  console.log('No build yet: building the server…');
  for (const workspace of ['@openmat/contract', '@openmat/server']) {
    const built = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const child = spawn(process.execPath, [file], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
