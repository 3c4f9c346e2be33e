/**
 * Where videos and their derived files live: one interface, files under `DATA_DIR/videos` by default
 * (this file) or an S3-compatible bucket (s3-blob-storage.repository.ts). Keys are the storage's own
 * names, made by the service ("<uuid>/source.mp4"), never a client's file name.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import send, { type SendResult } from '@fastify/send';
import type { Clock } from '../lib/clock.js';

export interface BlobStorage {
  /** Stores a finished local file under `key`; the local file is gone afterwards. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /**
   * A local file with the object's bytes, for ffprobe and ffmpeg, and what to call when done with it
   * (a downloaded copy is removed then; a local object is left alone).
   */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Removes the objects; a missing one is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** An address that serves the object, HTTP ranges included, until `seconds` from now. */
  signedUrl(key: string, contentType: string, seconds: number): Promise<string>;
  /** Throws when the storage cannot be written to (the folder, or the bucket, is not there or not ours). */
  check(): Promise<void>;
  /** Every stored object with the time it was last written, in no particular order. */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** The path prefix of the files served for signed local addresses. */
export const LOCAL_FILES_PATH = '/vid/api/video/files/';

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Whether a key is one this app makes: no `..`, no absolute path, nothing outside the storage folder. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

/**
 * Signs and checks the local addresses: HMAC-SHA256 of the key, its content type and its expiry, with a
 * key derived from the token signing key (so a leaked address cannot be stretched, retargeted or reused
 * for another file).
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('openmat video url v1').digest();
  }

  private signature(key: string, contentType: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${key}\n${contentType}\n${String(expires)}`)
      .digest('base64url');
  }

  sign(key: string, contentType: string, seconds: number): string {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + seconds;
    const query = new URLSearchParams({
      type: contentType,
      expires: String(expires),
      signature: this.signature(key, contentType, expires),
    });
    return `${LOCAL_FILES_PATH}${key}?${query.toString()}`;
  }

  /** 'valid', or why not: a tampered address and an expired one are told apart for the message only. */
  check(key: string, contentType: string, expires: string, signature: string): 'valid' | 'invalid' | 'expired' {
    const at = Number(expires);
    if (!isSafeKey(key) || !/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.signature(key, contentType, at));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return at * 1000 < this.clock.now().getTime() ? 'expired' : 'valid';
  }
}

/**
 * Flushing to the disk what the operating system still holds in memory. A video is answered as stored
 * only once its bytes and its name are on the disk: otherwise a power cut just after the answer can
 * leave the record of a video whose file is empty or gone (the record is written after `putFile`).
 */
export interface DiskFlush {
  /** Waits until the file's bytes are on the disk (fsync). */
  file(file: string): Promise<void>;
  /** Waits until the folder's entries (a file renamed or made in it) are on the disk. */
  folder(folder: string): Promise<void>;
}

async function fsync(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync on the file, and on the folder where the system lets a folder be opened (not on Windows). */
export const fsyncDisk: DiskFlush = {
  file: fsync,
  async folder(folder) {
    try {
      await fsync(folder);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : null;
      if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES') throw error;
    }
  },
};

/** Files in one folder, served by the app itself through signed addresses. */
export class LocalBlobStorage implements BlobStorage {
  constructor(
    /** Absolute path of the folder (DATA_DIR/videos). */
    readonly root: string,
    private readonly signer: UrlSigner,
    private readonly flush: DiskFlush = fsyncDisk,
  ) {}

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** The absolute path of a key, refusing any key that is not one of ours. */
  pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  /** Moves the file in, and returns once its bytes and its name are on the disk (`DiskFlush`). */
  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    // The first folder it had to make, if any: the root then has a new entry to flush too.
    const made = await mkdir(folder, { recursive: true });
    try {
      await rename(file, target);
    } catch (error) {
      // Another file system (a temporary folder on another disk): copy, then remove the original.
      if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
      await copyFile(file, target);
      await rm(file, { force: true });
    }
    await this.flush.file(target);
    await this.flush.folder(folder);
    if (made !== undefined) await this.flush.folder(this.root);
  }

  localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    return Promise.resolve({ path: this.pathOf(key), release: () => Promise.resolve() });
  }

  async *list(): AsyncIterable<StoredObject> {
    const folders = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const files = await readdir(path.join(this.root, folder.name), { withFileTypes: true }).catch(() => []);
      for (const file of files) {
        if (!file.isFile()) continue;
        const info = await stat(path.join(this.root, folder.name, file.name)).catch(() => null);
        if (info) yield { key: `${folder.name}/${file.name}`, modifiedAt: info.mtime };
      }
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const file = this.pathOf(key);
      await rm(file, { force: true });
      // The video's folder goes with its last file; a folder still holding others stays.
      await rmdir(path.dirname(file)).catch(() => undefined);
    }
  }

  signedUrl(key: string, contentType: string, seconds: number): Promise<string> {
    return Promise.resolve(this.signer.sign(key, contentType, seconds));
  }

  /** The file of a key as an HTTP answer to `request`: 200, 206 for a range, 304, 404 or 416. */
  send(request: IncomingMessage, key: string): Promise<SendResult> {
    return send(request, this.pathOf(key).slice(this.root.length), {
      root: this.root,
      acceptRanges: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
    });
  }
}
