/**
 * Resumable uploads: the tus 1.0 protocol by `@tus/server`, with its file store in `DATA_DIR/uploads`,
 * or with `S3_BUCKET` in the bucket itself (`@tus/s3-store`), so that an upload cut on one API instance
 * resumes on any other (docs/decisions/0021-resumable-uploads-with-tus.md, 0032-scale-out.md). The
 * server decides nothing here: who may create or continue an upload and what becomes of a finished one
 * are the caller's hooks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import path from 'node:path';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import { ERRORS, type DataStore, type KvStore, type Locker, type Upload } from '@tus/utils';
import type { AppConfig } from '../config.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from '../lib/unavailable.js';
import { s3ClientFor } from './s3-blob-storage.repository.js';

type S3Settings = NonNullable<AppConfig['s3']>;

/** tus's own answer to an address that names no upload of the caller's. */
const NOT_FOUND = 'The file for this url was not found\n';

/** The objects of tus uploads in the bucket are named `tus-<hex>` (and `.info`, `.part` beside them). */
const S3_UPLOAD_PREFIX = 'tus-';

/**
 * Where the bytes of uploads are kept: files in a folder, or objects in the bucket. What the finish
 * reads is a local file either way (a copy from the bucket, in the scratch folder).
 */
interface UploadFiles {
  store: DataStore;
  ids(): Promise<string[]>;
  /**
   * A local file with a complete upload's bytes, and what to call when done with it; null when the bytes
   * are gone (they are removed only after the upload's finish answered, so it was finished). In the
   * bucket, a multipart upload whose parts all arrived but which was never completed (the server stopped
   * between its last part and its completion) is completed first: its bytes are not gone, only unjoined.
   */
  localCopy(id: string): Promise<{ path: string; release(): Promise<void> } | null>;
  /** Removes an upload's bytes and record, finished or not. */
  remove(id: string): Promise<void>;
  close(): void;
}

function folderFiles(directory: string, expireAfterMs: number): UploadFiles {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expireAfterMs });
  return {
    store,
    async ids() {
      try {
        return (await readdir(directory)).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
      } catch {
        return [];
      }
    },
    async localCopy(id) {
      const file = path.join(directory, id);
      const found = await stat(file).catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
        throw error;
      });
      return found === null ? null : { path: file, release: () => Promise.resolve() };
    },
    async remove(id) {
      const file = path.join(directory, id);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    },
    close: () => undefined,
  };
}

/** No cache: every instance reads an upload's record from the bucket, so none acts on a stale one. */
const noCache: KvStore<never> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
  list: () => Promise.resolve([]),
};

/** Whether an S3 error says the object or multipart upload asked for does not exist. */
const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NoSuchUpload' || error.name === 'NotFound');

/**
 * The bucket's tus store, which can also join the parts of an upload whose completion never ran: the
 * store uploads an upload's last part and then completes its multipart upload, and a server stopped in
 * between leaves every byte in the bucket as parts, with the upload's offset at its size and no object.
 */
class BucketStore extends S3Store {
  /**
   * Completes `id`'s multipart upload when all its bytes are there as parts. Answers whether the upload's
   * object may exist now (also when another instance completed it meanwhile).
   */
  async completeLeftOver(id: string): Promise<boolean> {
    const metadata = await this.getMetadata(id).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (metadata === null || metadata.file.size === undefined) return false;
    const parts = await this.retrieveParts(id).catch((error: unknown) => {
      // Completed or aborted: there are no parts left to join.
      if (isMissing(error)) return null;
      throw error;
    });
    if (parts === null) return false;
    const received = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
    if (received !== metadata.file.size) return false;
    await this.finishMultipartUpload(metadata, parts).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
    return true;
  }
}

function bucketFiles(settings: S3Settings, scratchDir: string, expireAfterMs: number): UploadFiles {
  const client: S3Client = s3ClientFor(settings, settings.endpoint);
  const store = new BucketStore({
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Parts go as plain bodies: the SDK's default streamed checksums ("aws-chunked") are not read by
      // every S3-compatible store, which would keep the chunk framing as bytes of the video.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    },
    // Expiry is this module's own sweep (removeExpired), which never removes a complete upload; tags
    // are left out, as not every S3-compatible store has them.
    expirationPeriodInMilliseconds: expireAfterMs,
    useTags: false,
    cache: noCache,
  });
  return {
    store,
    async ids() {
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: S3_UPLOAD_PREFIX, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key?.endsWith('.info')) ids.push(object.Key.slice(0, -'.info'.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return ids;
    },
    async localCopy(id) {
      await mkdir(scratchDir, { recursive: true });
      const file = path.join(scratchDir, `${randomUUID()}.upload`);
      const read = () =>
        client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: id })).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
      let object = await read();
      if (object === null && (await store.completeLeftOver(id))) object = await read();
      if (object === null) return null;
      if (!(object.Body instanceof Readable)) throw new Error(`S3 gave no readable body for ${id}`);
      try {
        await pipeline(object.Body, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },
    async remove(id) {
      // An unfinished upload's multipart upload is aborted; a complete one has none left.
      await store.remove(id).catch(() => undefined);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: settings.bucket,
          Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
        }),
      );
    },
    close: () => client.destroy(),
  };
}

/** A refusal the protocol sends as it is: a status and a JSON body. */
export interface UploadRefusal {
  status: number;
  body: Record<string, unknown>;
}

export interface ResumableUploadHooks {
  /**
   * Checks a new upload's metadata for the request's user; answers the metadata to keep (the owner
   * stamped in), or a refusal.
   */
  create(
    request: IncomingMessage,
    metadata: Record<string, string>,
    /** The declared length, when the client told it. */
    size: number | undefined,
  ): Promise<Record<string, string> | UploadRefusal>;
  /** Whether the request's user may continue or query the upload of this metadata. */
  mayContinue(request: IncomingMessage, metadata: Record<string, string>): boolean;
  /** The refusal of an upload declared larger than the limit, in the request's language. */
  tooLarge(request: IncomingMessage): UploadRefusal;
  /**
   * A complete upload, as a local file, for the request's user: answers the headers of the last PATCH's
   * 204, or a refusal. Finishing is keyed by the upload's id: a second finish of the same upload answers
   * what the first made. The file stays where it is; it is removed here once the hook answered, and kept
   * when the hook throws, so that a retry or the sweep at start can finish it.
   */
  finish(
    request: IncomingMessage,
    file: string,
    metadata: Record<string, string>,
    uploadId: string,
  ): Promise<{ headers: Record<string, string> } | UploadRefusal>;
  /** The same finish with nobody waiting (the sweep of complete uploads at start), as the upload's owner. */
  finishUnattended(
    file: string,
    metadata: Record<string, string>,
    uploadId: string,
  ): Promise<{ headers: Record<string, string> } | UploadRefusal>;
  /** The video an upload already finished into, for the request's user: its headers and size, or null. */
  finished(
    request: IncomingMessage,
    uploadId: string,
  ): Promise<{ headers: Record<string, string>; size: number } | null>;
}

function metadataOf(upload: Upload): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {}))
    if (typeof value === 'string') metadata[key] = value;
  return metadata;
}

const isRefusal = (value: object): value is UploadRefusal => 'status' in value && 'body' in value;
const refusal = (value: UploadRefusal) => ({ status_code: value.status, body: JSON.stringify(value.body) });

/** An error tus answers as it is: it sends `status_code` with `body` for anything thrown that has them. */
export class TusError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
    this.name = 'TusError';
  }
}

/**
 * tus with every refusal as JSON and a 4xx: the protocol's own ones ("Invalid upload-length", an unknown upload,
 * the size limit) as problem details, whose detail is tus's text; ours (`TusError` with a JSON body)
 * as they are. tus clients read the body as text, so both still reach them whole.
 */
class JsonRefusingServer extends Server {
  override write(...[context, headers, answered, body = '']: Parameters<Server['write']>) {
    // tus answers an extension it does not offer (concatenation, deferred length) with 501, a server
    // error; it is the request that asks for too much, so it is a 400 like any other bad header.
    const status = answered === 501 ? 400 : answered;
    // Redis (or the bucket) away for a moment: the client tries again after a while.
    if (status === 503) headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    if (status < 400 || body === '') return super.write(context, headers, status, body);
    if (body.startsWith('{')) {
      headers.set('Content-Type', 'application/json; charset=utf-8');
      return super.write(context, headers, status, body);
    }
    headers.set('Content-Type', 'application/problem+json; charset=utf-8');
    const problem = { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: body.trim() };
    return super.write(context, headers, status, JSON.stringify(problem));
  }
}

export class ResumableUploads {
  private readonly server: Server;
  private readonly files: UploadFiles;
  private readonly path: string;
  private readonly hooks: ResumableUploadHooks;
  private readonly expireAfterMs: number;
  private readonly clock: Clock;

  constructor(options: {
    /** Absolute path of the folder the parts of uploads collect in (without S3). */
    directory: string;
    /** With S3, uploads collect in the bucket, and a complete one is copied here to be finished. */
    s3?: { settings: S3Settings; scratchDir: string } | null;
    /** The public path of the endpoint, e.g. /vid/api/video/uploads. */
    path: string;
    maxBytes: number;
    /** The lock of an upload; one shared through Redis when several instances serve uploads. */
    locker?: Locker;
    hooks: ResumableUploadHooks;
    /** How long an unfinished upload is kept. */
    expireAfterMs: number;
    clock?: Clock;
  }) {
    const { hooks } = options;
    this.hooks = hooks;
    this.path = options.path;
    this.expireAfterMs = options.expireAfterMs;
    this.clock = options.clock ?? systemClock;
    this.files = options.s3
      ? bucketFiles(options.s3.settings, options.s3.scratchDir, options.expireAfterMs)
      : folderFiles(options.directory, options.expireAfterMs);
    const nodeRequest = (req: Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]) => {
      const raw = req.runtime?.node?.req;
      if (!(raw instanceof IncomingMessage)) throw new Error('tus: a request without its Node request');
      return raw;
    };
    this.server = new JsonRefusingServer({
      path: options.path,
      datastore: this.files.store,
      // In the bucket, uploads are named apart from the videos (and a lifecycle rule can name them).
      ...(options.s3 ? { namingFunction: () => `${S3_UPLOAD_PREFIX}${randomBytes(16).toString('hex')}` } : {}),
      onResponseError: (req, error) => {
        // Redis or the bucket away for a moment: 503 with Retry-After (see write), never 500.
        if (isDependencyUnavailable(error)) {
          return { status_code: 503, body: JSON.stringify({ message: 'A service the upload needs is unavailable' }) };
        }
        // Over the limit: said as the form upload says it, in the caller's language.
        const tooLarge = ERRORS.ERR_MAX_SIZE_EXCEEDED;
        if ('status_code' in error && error.status_code === tooLarge.status_code && error.body === tooLarge.body) {
          const refusal = hooks.tooLarge(nodeRequest(req));
          return { status_code: refusal.status, body: JSON.stringify(refusal.body) };
        }
        return undefined;
      },
      maxSize: options.maxBytes,
      relativeLocation: true,
      locker: options.locker ?? new MemoryLocker(),
      // The web app uploads from its own origin, which needs no CORS header; without this, tus sends
      // `Access-Control-Allow-Origin: *` and lets any site's script read its answers.
      allowedOrigins: () => false,
      onUploadCreate: async (req, upload) => {
        const checked = await hooks.create(nodeRequest(req), metadataOf(upload), upload.size);
        if (isRefusal(checked)) throw new TusError(checked.status, JSON.stringify(checked.body));
        return { metadata: checked };
      },
      onIncomingRequest: async (req, uploadId) => {
        // A new upload has no id yet; every later request is for an upload of this user only.
        if (req.method === 'POST') return;
        let upload: Upload;
        try {
          upload = await this.files.store.getUpload(uploadId);
        } catch (error) {
          // The store away for a moment answers 503 (onResponseError). Any other failure to read it (no
          // such upload, or an address the store cannot even look up, such as a key too long for the
          // bucket) is no upload: answered here, before tus acts on the id (a DELETE would remove it).
          if (isDependencyUnavailable(error)) throw error;
          throw new TusError(404, NOT_FOUND);
        }
        if (!hooks.mayContinue(nodeRequest(req), metadataOf(upload))) throw new TusError(404, NOT_FOUND);
      },
      onUploadFinish: async (req, upload) => {
        const done = (await this.finishFile(upload, (file, metadata, id) =>
          hooks.finish(nodeRequest(req), file, metadata, id),
        )) ??
          (await hooks.finished(nodeRequest(req), upload.id)) ?? { headers: {} };
        if (isRefusal(done)) {
          return { ...refusal(done), headers: { 'Content-Type': 'application/json; charset=utf-8' } };
        }
        return { headers: done.headers };
      },
    });
  }

  /**
   * Finishes a complete upload with `finisher`, and removes its file and record once it answered (a
   * video, or a refusal). When the finisher throws (a crash of the database, say), both stay. Answers null
   * for an upload whose bytes are gone but whose record is left: a server stopped between removing the
   * one and the other, after its finish answered. The record is removed then too.
   */
  private async finishFile(
    upload: Upload,
    finisher: (
      file: string,
      metadata: Record<string, string>,
      uploadId: string,
    ) => Promise<{ headers: Record<string, string> } | UploadRefusal>,
  ) {
    const copy = await this.files.localCopy(upload.id);
    if (copy === null) {
      await this.files.remove(upload.id).catch(() => undefined);
      return null;
    }
    let done: { headers: Record<string, string> } | UploadRefusal;
    try {
      done = await finisher(copy.path, metadataOf(upload), upload.id);
    } finally {
      await copy.release();
    }
    await this.files.remove(upload.id);
    return done;
  }

  /** The upload id of a request to `/path/<id>`, or null. */
  private idOf(request: IncomingMessage): string | null {
    const url = new URL(request.url ?? '/', 'http://upload.invalid');
    const prefix = `${this.path}/`;
    if (!url.pathname.startsWith(prefix)) return null;
    const id = url.pathname.slice(prefix.length);
    return /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : null;
  }

  /**
   * A HEAD for a complete upload: the client asks where it stands after its last PATCH's answer was lost
   * (the server stopped while finishing, say). The upload is finished now if it was not (or its video
   * found, if it was), and the answer carries the video's id with the full offset, as the last PATCH would
   * have; a refusal is answered as it would have been. Anything else is the protocol's.
   */
  private async answerComplete(request: IncomingMessage, response: ServerResponse, id: string): Promise<boolean> {
    const upload = await this.files.store.getUpload(id).catch(() => null);
    let answer: { headers: Record<string, string>; size: number } | UploadRefusal | null = null;
    if (upload) {
      if (upload.size === undefined || upload.offset !== upload.size) return false;
      if (!this.hooks.mayContinue(request, metadataOf(upload))) return false;
      const size = upload.size;
      const done = await this.finishFile(upload, (file, metadata, uploadId) =>
        this.hooks.finish(request, file, metadata, uploadId),
      );
      // Finished before, its bytes removed and its record not (the server stopped in between).
      if (done === null) answer = await this.hooks.finished(request, id);
      else answer = isRefusal(done) ? done : { headers: done.headers, size };
    } else {
      answer = await this.hooks.finished(request, id);
      // A record left without its bytes (the file store cannot read it as an upload) goes with the answer.
      if (answer) await this.files.remove(id).catch(() => undefined);
    }
    if (!answer) return false;
    if (isRefusal(answer)) {
      response.writeHead(answer.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Tus-Resumable': '1.0.0',
      });
      response.end(JSON.stringify(answer.body));
      return true;
    }
    response.writeHead(200, {
      ...answer.headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(answer.size),
      'Upload-Length': String(answer.size),
      'Cache-Control': 'no-store',
    });
    response.end();
    return true;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = request.method === 'HEAD' ? this.idOf(request) : null;
    try {
      if (id !== null && (await this.answerComplete(request, response, id))) return;
    } catch (error) {
      // The route handed the response over: a client must get an answer, never wait for ever. The error
      // goes on to the route's log.
      if (!response.headersSent) {
        const unavailable = isDependencyUnavailable(error);
        response.writeHead(unavailable ? 503 : 500, {
          'Content-Type': 'application/problem+json; charset=utf-8',
          'Tus-Resumable': '1.0.0',
          ...(unavailable ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
        });
        response.end();
      } else response.destroy();
      throw error;
    }
    await this.server.handle(request, response);
  }

  /**
   * Finishes the complete uploads whose finish never ended (the server stopped while finishing): each
   * becomes its video, or its refusal, as the owner's own finish would have. Answers how many.
   */
  async finishAbandoned(): Promise<number> {
    let finished = 0;
    for (const id of await this.uploadIds()) {
      const upload = await this.files.store.getUpload(id).catch(() => null);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) continue;
      const done = await this.finishFile(upload, (file, metadata, uploadId) =>
        this.hooks.finishUnattended(file, metadata, uploadId),
      );
      if (done !== null) finished++;
    }
    return finished;
  }

  private uploadIds(): Promise<string[]> {
    return this.files.ids();
  }

  close(): void {
    this.files.close();
  }

  /**
   * The owner's unfinished uploads: how many, and the bytes they declared (or have, when they declared
   * none), for the per-account cap and quota. Each upload's record is read; there are few per account.
   */
  async unfinishedOf(ownerId: string): Promise<{ count: number; bytes: number }> {
    const ids = await this.uploadIds();
    let count = 0;
    let bytes = 0;
    for (const id of ids) {
      const upload = await this.files.store.getUpload(id).catch(() => null);
      if (!upload || metadataOf(upload).ownerId !== ownerId) continue;
      count++;
      bytes += upload.size ?? upload.offset;
    }
    return { count, bytes };
  }

  /**
   * Removes uploads left unfinished past their expiry. A complete upload is never removed here: it is
   * finished (`finishAbandoned`), whatever its age.
   */
  async removeExpired(): Promise<number> {
    const now = this.clock.now().getTime();
    let removed = 0;
    for (const id of await this.uploadIds()) {
      const upload = await this.files.store.getUpload(id).catch(() => null);
      if (!upload || (upload.size !== undefined && upload.offset === upload.size)) continue;
      const created = upload.creation_date ? Date.parse(upload.creation_date) : now;
      if (now - created < this.expireAfterMs) continue;
      await this.files.remove(id).catch(() => undefined);
      removed++;
    }
    return removed;
  }
}
