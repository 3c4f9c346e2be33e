/**
 * Videos in an S3-compatible bucket (AWS, MinIO, Ceph, R2…), chosen by the `S3_*` settings. Uploads go
 * in parts from the local file, so memory stays flat for any size; playback uses presigned GET
 * addresses, which the store itself serves with HTTP ranges.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../config.js';
import type { BlobStorage, StoredObject } from './blob-storage.repository.js';

type S3Settings = NonNullable<AppConfig['s3']>;

export function s3ClientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

/** The origin the browser fetches presigned playback addresses from, for the CSP. Signing needs no network. */
export async function presignedOrigin(settings: S3Settings): Promise<string> {
  const signer = s3ClientFor(settings, settings.publicUrl ?? settings.endpoint);
  try {
    const url = await getSignedUrl(signer, new GetObjectCommand({ Bucket: settings.bucket, Key: 'origin' }), {
      expiresIn: 60,
    });
    return new URL(url).origin;
  } finally {
    signer.destroy();
  }
}

export class S3BlobStorage implements BlobStorage {
  private readonly client: S3Client;
  /** Signs playback addresses: for S3_PUBLIC_URL when browsers reach the store elsewhere than the server does. */
  private readonly signer: S3Client;

  constructor(
    private readonly settings: S3Settings,
    /** Folder for the local copies ffmpeg reads. */
    private readonly scratchDir: string,
  ) {
    this.client = s3ClientFor(settings, settings.endpoint);
    this.signer = settings.publicUrl ? s3ClientFor(settings, settings.publicUrl) : this.client;
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      // A copy that fails aborts its multipart upload; one cut by a killed process is left to the
      // bucket's lifecycle rule (README, "Videos and workers").
      leavePartsOnError: false,
    });
    await upload.done();
    await rm(file, { force: true });
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    await mkdir(this.scratchDir, { recursive: true });
    const file = path.join(this.scratchDir, `${randomUUID()}${path.extname(key)}`);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!(object.Body instanceof Readable)) throw new Error(`S3 gave no readable body for ${key}`);
    try {
      await pipeline(object.Body, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { path: file, release: () => rm(file, { force: true }) };
  }

  async delete(keys: readonly string[]): Promise<void> {
    // A request removes at most 1000 objects.
    for (let from = 0; from < keys.length; from += 1000) {
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: keys.slice(from, from + 1000).map((key) => ({ Key: key })), Quiet: true },
        }),
      );
      // The store answers 200 even when some objects were not removed; those are named in Errors.
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        const which = failed.map((error) => `${error.Key ?? '?'} (${error.Code ?? 'error'})`).join(', ');
        throw new Error(`the bucket did not remove ${String(failed.length)} object(s): ${which}`);
      }
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  signedUrl(key: string, contentType: string, seconds: number): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ResponseContentType: contentType }),
      { expiresIn: seconds },
    );
  }

  close(): void {
    this.client.destroy();
  }
}
