/**
 * s3rver, an S3 wire-protocol server on loopback, with the two multipart calls it lacks and that tus
 * uploads kept in the bucket use (`@tus/s3-store`): ListParts (GET ?uploadId) and
 * AbortMultipartUpload (DELETE ?uploadId). Both read s3rver's own folder of parts, so uploads, parts
 * and objects stay s3rver's. Requests are path-style (S3_FORCE_PATH_STYLE=true).
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { S3BlobStorage } from '../../src/repositories/s3-blob-storage.repository.js';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInternals {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const xmlError = (ctx: KoaContext, status: number, code: string) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`;
};

export async function startS3Emulator(options: {
  directory: string;
  bucket: string;
  /** Fails every UploadPart of this part number with a 500, as a store that breaks mid-copy would. */
  failPart?: number;
}) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket }],
  });
  const internals = server as unknown as S3rverInternals;
  /** Whether CompleteMultipartUpload fails (see `failCompletions`). */
  let failingCompletions = false;
  const multipart: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'PUT' && options.failPart !== undefined && ctx.query.partNumber === String(options.failPart)) {
      return xmlError(ctx, 500, 'InternalError');
    }
    if (ctx.method === 'POST' && typeof uploadId === 'string' && failingCompletions) {
      return xmlError(ctx, 500, 'InternalError');
    }
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (typeof uploadId !== 'string' || !match || ctx.query.partNumber !== undefined) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'DELETE') return next();
    const [, bucket = '', key = ''] = match;
    const dir = path.join(internals.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    const names = await readdir(dir).catch(() => null);
    if (!names) return xmlError(ctx, 404, 'NoSuchUpload');
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(dir, String(number));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return {
          PartNumber: number,
          LastModified: info.mtime.toISOString(),
          ETag: `"${md5}"`,
          Size: info.size,
        };
      }),
    );
    // A plain object: s3rver's own response middleware writes it as XML.
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(key),
        UploadId: uploadId,
        PartNumberMarker: 0,
        MaxParts: 10000,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    };
  };
  // After the logger and the XML writer, before the routes.
  internals.middleware.splice(2, 0, multipart);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  return {
    server,
    endpoint,
    /** The app's storage on this bucket, with local copies in `scratchDir`. */
    storage: (scratchDir: string) =>
      new S3BlobStorage(
        {
          bucket: options.bucket,
          region: 'us-east-1',
          endpoint,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
          publicUrl: undefined,
        },
        scratchDir,
      ),
    /** The multipart uploads begun and neither completed nor aborted. */
    openMultipartUploads: async () =>
      (await readdir(internals.store.getResourcePath(options.bucket, undefined, 'uploads')).catch(() => [])).length,
    /**
     * While on, every CompleteMultipartUpload fails with a 500 and keeps its parts, as a server stopped
     * between an upload's last part and its completion leaves them.
     */
    failCompletions: (on: boolean) => {
      failingCompletions = on;
    },
    close: () => server.close(),
  };
}
