import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from '../src/lib/secrets.js';

describe('token signing key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-secrets-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated into DATA_DIR on first start, readable by its owner only, and reused after', async () => {
    const first = await loadSecrets(dataDir, undefined);
    const file = path.join(dataDir, 'keys', 'token-signing.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).length).toBeGreaterThanOrEqual(64);
    const second = await loadSecrets(dataDir, undefined);
    expect(Buffer.from(second.tokenSigningKey)).toEqual(Buffer.from(first.tokenSigningKey));
  });

  it('is one key when two processes start together', async () => {
    const [a, b] = await Promise.all([loadSecrets(dataDir, undefined), loadSecrets(dataDir, undefined)]);
    expect(Buffer.from(a.tokenSigningKey)).toEqual(Buffer.from(b.tokenSigningKey));
  });

  it('comes from configuration when one is set, and then nothing is written', async () => {
    const configured = 'k'.repeat(40);
    const secrets = await loadSecrets(dataDir, configured);
    expect(new TextDecoder().decode(secrets.tokenSigningKey)).toBe(configured);
    await expect(stat(path.join(dataDir, 'keys', 'token-signing.key'))).rejects.toThrow();
  });
});
