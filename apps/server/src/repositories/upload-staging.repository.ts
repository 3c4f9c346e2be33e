/**
 * An upload on its way in: the bytes stream into a file of the scratch folder and are hashed
 * (SHA-256) and counted as they pass, in constant memory. ffprobe then reads that file, and only a
 * checked video moves on to the storage.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { systemClock, type Clock } from '../lib/clock.js';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StagedFile {
  /** The local file, removed by `discard` unless it was moved into the storage. */
  path: string;
  sha256: string;
  sizeBytes: number;
}

/** The stream held more than the limit; nothing of it is kept. */
export class TooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`the upload is larger than ${String(limitBytes)} bytes`);
    this.name = 'TooLargeError';
  }
}

export class UploadStaging {
  constructor(
    /** Absolute path of the scratch folder (DATA_DIR/tmp). */
    readonly dir: string,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Removes scratch files nobody has written for `olderThanMs`: the leftovers of cut uploads and of
   * workers that were killed while they held a copy. Answers how many went.
   */
  async sweep(olderThanMs: number): Promise<number> {
    const now = this.clock.now().getTime();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** A fresh path in the scratch folder, for a file someone else writes (a tus upload, a download). */
  async newPath(extension = ''): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return path.join(this.dir, `${randomUUID()}${extension}`);
  }

  /**
   * Writes the stream to a new scratch file, hashing and counting it. Past `maxBytes` the write stops
   * with a TooLargeError; on that or any other failure (the client went away) the file is removed.
   */
  async stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    const file = await this.newPath('.upload');
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) {
          done(new TooLargeError(maxBytes));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(file, { highWaterMark: 1024 * 1024 }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { path: file, sha256: hash.digest('hex'), sizeBytes: size };
  }

  /**
   * A second name in the scratch folder for a complete file (a finished tus upload), hashed: whatever
   * becomes of the staged name, the original stays until its owner removes it. A hard link costs
   * nothing; across file systems it is a copy.
   */
  async linkFile(file: string): Promise<StagedFile> {
    const staged = await this.newPath(path.extname(file));
    try {
      await link(file, staged);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
      await copyFile(file, staged);
    }
    try {
      return await this.hashFile(staged);
    } catch (error) {
      await rm(staged, { force: true });
      throw error;
    }
  }

  /** Hashes a file that is already complete (a finished tus upload). */
  async hashFile(file: string): Promise<StagedFile> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      if (!(chunk instanceof Buffer)) throw new Error('expected bytes');
      size += chunk.length;
      hash.update(chunk);
    }
    return { path: file, sha256: hash.digest('hex'), sizeBytes: size };
  }

  async discard(file: StagedFile | string): Promise<void> {
    await rm(typeof file === 'string' ? file : file.path, { force: true });
  }
}
