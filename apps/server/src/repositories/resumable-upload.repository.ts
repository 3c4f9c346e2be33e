/**
 * Resumable uploads: the tus 1.0 protocol by `@tus/server`, with its file store in `DATA_DIR/uploads`
 * (docs/decisions/0021-resumable-uploads-with-tus.md). The server decides nothing here: who may create
 * or continue an upload and what becomes of a finished one are the caller's hooks.
 */
import { IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import path from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { Locker, Upload } from '@tus/utils';

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
  /**
   * A complete upload, as a local file: answers the headers of the last PATCH's 204, or a refusal. The
   * file is gone afterwards either way.
   */
  finish(
    request: IncomingMessage,
    file: string,
    metadata: Record<string, string>,
    uploadId: string,
  ): Promise<{ headers: Record<string, string> } | UploadRefusal>;
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
  private readonly store: FileStore;
  private readonly directory: string;

  constructor(options: {
    /** Absolute path of the folder the parts of uploads collect in. */
    directory: string;
    /** The public path of the endpoint, e.g. /vid/api/video/uploads. */
    path: string;
    maxBytes: number;
    /** The lock of an upload; one shared through Redis when several instances serve uploads. */
    locker?: Locker;
    hooks: ResumableUploadHooks;
    /** How long an unfinished upload is kept. */
    expireAfterMs: number;
  }) {
    const { hooks } = options;
    this.directory = options.directory;
    this.store = new FileStore({ directory: options.directory, expirationPeriodInMilliseconds: options.expireAfterMs });
    const nodeRequest = (req: Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]) => {
      const raw = req.runtime?.node?.req;
      if (!(raw instanceof IncomingMessage)) throw new Error('tus: a request without its Node request');
      return raw;
    };
    this.server = new JsonRefusingServer({
      path: options.path,
      datastore: this.store,
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
          upload = await this.store.getUpload(uploadId);
        } catch {
          return; // tus answers 404 for it itself.
        }
        if (!hooks.mayContinue(nodeRequest(req), metadataOf(upload))) {
          throw new TusError(404, 'The file for this url was not found\n');
        }
      },
      onUploadFinish: async (req, upload) => {
        const file = path.join(options.directory, upload.id);
        try {
          const done = await hooks.finish(nodeRequest(req), file, metadataOf(upload), upload.id);
          if (isRefusal(done)) {
            return { ...refusal(done), headers: { 'Content-Type': 'application/json; charset=utf-8' } };
          }
          return { headers: done.headers };
        } finally {
          // The data file was moved into the storage or removed by `finish`; its record goes too.
          await rm(file, { force: true });
          await rm(`${file}.json`, { force: true });
        }
      },
    });
  }

  handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    return this.server.handle(request, response);
  }

  /**
   * The owner's unfinished uploads: how many, and the bytes they declared (or have, when they declared
   * none), for the per-account cap and quota. Each upload's record is read; there are few per account.
   */
  async unfinishedOf(ownerId: string): Promise<{ count: number; bytes: number }> {
    let ids: string[];
    try {
      ids = (await readdir(this.directory)).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
    } catch {
      return { count: 0, bytes: 0 };
    }
    let count = 0;
    let bytes = 0;
    for (const id of ids) {
      const upload = await this.store.getUpload(id).catch(() => null);
      if (!upload || metadataOf(upload).ownerId !== ownerId) continue;
      count++;
      bytes += upload.size ?? upload.offset;
    }
    return { count, bytes };
  }

  /** Removes uploads left unfinished past their expiry. */
  removeExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }
}
