import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  /** Symmetric key for signing access tokens. */
  tokenSigningKey: Uint8Array;
}

const KEY_FILE = path.join('keys', 'token-signing.key');

/**
 * The configured signing key, or the one generated into DATA_DIR on first start. The file is created
 * exclusively (so two processes starting together agree on one key) and readable by its owner only.
 */
export async function loadSecrets(dataDir: string, configuredKey: string | undefined): Promise<Secrets> {
  if (configuredKey) return { tokenSigningKey: new TextEncoder().encode(configuredKey) };
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(64).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`The signing key in ${file} is too short; delete it to generate a new one.`);
  return { tokenSigningKey: new TextEncoder().encode(key) };
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}
