import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readManifest(file: string): Manifest {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? parsed : {};
}

/** Every package installed under a node_modules folder, nested ones included. */
function installedPackages(modules: string, found: Manifest[] = []): Manifest[] {
  if (!existsSync(modules)) return found;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      installedPackages(dir, found);
      continue;
    }
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) found.push(readManifest(manifest));
    installedPackages(path.join(dir, 'node_modules'), found);
  }
  return found;
}

describe('a fresh install', () => {
  it('installs nothing whose engines exclude the oldest Node the README supports (no engine warnings)', () => {
    const floor = semver.minVersion(readManifest(path.join(ROOT, 'package.json')).engines?.node ?? '');
    expect(floor?.version).toBe('20.19.0');
    const roots = [ROOT, ...['apps/server', 'apps/web', 'packages/contract', 'e2e'].map((dir) => path.join(ROOT, dir))];
    const packages = roots.flatMap((dir) => installedPackages(path.join(dir, 'node_modules')));
    expect(packages.length).toBeGreaterThan(100);
    const refusing = packages
      .filter(({ engines }) => engines?.node && floor && !semver.satisfies(floor, engines.node))
      .map(({ name, version, engines }) => `${name}@${version} needs node ${engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
