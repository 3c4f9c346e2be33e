import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator } from './support/s3-emulator.js';

/**
 * A copy to S3 that fails part-way aborts its multipart upload, so the bucket keeps no parts nobody will
 * complete (issue 23, item 6). The store here fails the second part of every upload.
 */
describe('a failed copy to S3', () => {
  let dir: string;
  let emulator: Awaited<ReturnType<typeof startS3Emulator>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'openmat-s3-abort-'));
    emulator = await startS3Emulator({ directory: path.join(dir, 'bucket'), bucket: 'sparring', failPart: 2 });
  });
  afterAll(async () => {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('aborts its multipart upload and leaves nothing in the bucket', async () => {
    const storage = emulator.storage(path.join(dir, 'scratch'));
    // Three parts of 8 MiB: the copy goes as a multipart upload, and its second part fails.
    const file = path.join(dir, 'big.mp4');
    await writeFile(file, Buffer.alloc(17 * 1024 * 1024, 1));
    await expect(storage.putFile('a/source.mp4', file, 'video/mp4')).rejects.toThrow();
    expect(await emulator.openMultipartUploads()).toBe(0);
    storage.close();
  });
});
