import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { fsyncDisk, LocalBlobStorage, UrlSigner, type DiskFlush } from './blob-storage.repository.js';

/** What reached the disk's flush, in order, with what the flushed path held at that moment. */
function recordingDisk() {
  const flushed: Array<{ kind: 'file' | 'folder'; path: string; bytes: string | null }> = [];
  const disk: DiskFlush = {
    async file(file) {
      flushed.push({ kind: 'file', path: file, bytes: await readFile(file, 'utf8') });
    },
    async folder(folder) {
      await stat(folder);
      flushed.push({ kind: 'folder', path: folder, bytes: null });
    },
  };
  return { disk, flushed };
}

describe('local video storage', () => {
  let dir: string;
  let root: string;
  const signer = new UrlSigner(new Uint8Array(32).fill(7), systemClock);

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'openmat-storage-'));
    root = path.join(dir, 'videos');
    await mkdir(path.join(dir, 'tmp'), { recursive: true });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a stored video only once its bytes, its name and its new folder are flushed to the disk', async () => {
    const { disk, flushed } = recordingDisk();
    const storage = new LocalBlobStorage(root, signer, disk);
    await storage.check();
    const staged = path.join(dir, 'tmp', 'upload-1');
    await writeFile(staged, 'the whole roll');

    await storage.putFile('a1b2/source.mp4', staged);

    const target = path.join(root, 'a1b2', 'source.mp4');
    expect(existsSync(staged)).toBe(false);
    expect(await readFile(target, 'utf8')).toBe('the whole roll');
    // The file under its final name, with all its bytes; then the folder that holds the name; then the
    // root, which holds the new folder.
    expect(flushed).toEqual([
      { kind: 'file', path: target, bytes: 'the whole roll' },
      { kind: 'folder', path: path.join(root, 'a1b2'), bytes: null },
      { kind: 'folder', path: root, bytes: null },
    ]);

    // A second file in the same folder (a poster beside its video): the root has nothing new.
    flushed.length = 0;
    const poster = path.join(dir, 'tmp', 'poster-1');
    await writeFile(poster, 'a still');
    await storage.putFile('a1b2/poster.jpg', poster);
    expect(flushed).toEqual([
      { kind: 'file', path: path.join(root, 'a1b2', 'poster.jpg'), bytes: 'a still' },
      { kind: 'folder', path: path.join(root, 'a1b2'), bytes: null },
    ]);
  });

  it('flushes real files and folders on this system without an error', async () => {
    const storage = new LocalBlobStorage(root, signer, fsyncDisk);
    await storage.check();
    const staged = path.join(dir, 'tmp', 'upload-2');
    await writeFile(staged, Buffer.alloc(64 * 1024, 1));
    await storage.putFile('c3d4/source.webm', staged);
    expect((await stat(path.join(root, 'c3d4', 'source.webm'))).size).toBe(64 * 1024);
    await expect(fsyncDisk.folder(root)).resolves.toBeUndefined();
    await expect(fsyncDisk.file(path.join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
