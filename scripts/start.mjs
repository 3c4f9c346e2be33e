// `npm start`: installs dependencies when they are missing or stale, builds, and serves the app.
// Migrations run when the server starts. Nothing else needs to be set up first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function dependenciesAreStale() {
  const installed = `${root}/node_modules/.package-lock.json`;
  if (!existsSync(installed)) return true;
  const lock = `${root}/package-lock.json`;
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs;
}

if (dependenciesAreStale()) {
  console.log('Installing dependencies…');
  run([existsSync(`${root}/package-lock.json`) ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

console.log('Building…');
run(['run', 'build', '--silent']);

const server = spawn(process.execPath, ['apps/server/dist/entrypoints/api.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
