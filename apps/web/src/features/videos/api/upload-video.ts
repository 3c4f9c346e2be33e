import { MessageBody, ProblemDetails } from '@openmat/contract/problem';
import { DuplicateVideoResponse, type VideoUploadFields } from '@openmat/contract/videos';
import { useQueryClient } from '@tanstack/react-query';
import type { DetailedError, HttpRequest, HttpResponse, HttpStack, PreviousUpload, UrlStorage } from 'tus-js-client';
import { z } from 'zod';
import { sendWithSession } from '@/lib/api-client';
import { onSignOut } from '@/lib/sign-out';
import { useUploadStore, type UploadController, type UploadOutcome } from '../stores/upload-store';
import { videoKeys } from './video-keys';

/** The tus 1.0 endpoint of resumable uploads (api-contract.md, Videos). */
export const RESUMABLE_UPLOADS_PATH = '/vid/api/video/uploads';
/** The file goes up in pieces of this size, so that a proxy's body limit never stops it and a retry resends little. */
export const UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024;
/** After a network failure or a 5xx, the upload tries again after these delays (ms), then gives up. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

export interface UploadHandlers {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onDone: (outcome: UploadOutcome) => void;
  /** The network is gone (no answer came, even after the retries): the upload waits where it stopped. */
  onInterrupted: () => void;
  /** The browser is back online after an interruption, and the upload goes on by itself. */
  onResumed: () => void;
}

/** A refusal's body: `{message, errors?}`, problem details, or a duplicate's `{message, videoId, signedUrl}`. */
const RefusalBody = MessageBody.extend({ errors: z.record(z.string(), z.array(z.string())).optional() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The status line of an answer, when the transport keeps it (the browser's XMLHttpRequest does). */
function statusTextOf(response: HttpResponse): string {
  const underlying: unknown = response.getUnderlyingObject();
  return typeof underlying === 'object' &&
    underlying !== null &&
    'statusText' in underlying &&
    typeof underlying.statusText === 'string'
    ? underlying.statusText
    : '';
}

/** tus-js-client appends the whole request to its messages; the part before that is what happened. */
function ownMessage(error: Error): string {
  return error.message.split(/, (?:caused by|originated from) /)[0]?.trim() ?? '';
}

function duplicateOf(response: HttpResponse | null): DuplicateVideoResponse | null {
  if (response?.getStatus() !== 409) return null;
  const duplicate = DuplicateVideoResponse.safeParse(parseJson(response.getBody()));
  return duplicate.success ? duplicate.data : null;
}

function isHttpResponse(value: unknown): value is HttpResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getStatus' in value &&
    typeof value.getStatus === 'function' &&
    'getBody' in value &&
    typeof value.getBody === 'function'
  );
}

/** The answer a tus-js-client error carries (its `DetailedError`), if any came. */
function responseOf(error: Error): HttpResponse | null {
  const response: unknown = 'originalResponse' in error ? error.originalResponse : null;
  return isHttpResponse(response) ? response : null;
}

/** What a failed upload says (spec section 8, Upload): the message, then the status text, then the error. */
export function outcomeOfError(error: Error): UploadOutcome {
  const response = responseOf(error);
  const duplicate = duplicateOf(response);
  if (duplicate) return { kind: 'duplicate', ...duplicate };
  if (!response) return { kind: 'failed', status: null, message: ownMessage(error) || null, details: [] };
  const body = parseJson(response.getBody());
  const refusal = RefusalBody.safeParse(body);
  const problem = ProblemDetails.safeParse(body);
  const serverMessage = refusal.success ? refusal.data.message : problem.success ? problem.data.detail : undefined;
  const errors = refusal.success ? refusal.data.errors : problem.success ? problem.data.errors : undefined;
  return {
    kind: 'failed',
    status: response.getStatus(),
    message: serverMessage || statusTextOf(response) || ownMessage(error) || null,
    details: Object.values(errors ?? {}).flat(),
  };
}

/**
 * A network failure, a 5xx or a locked upload (423) is tried again, and so is a 409 that is not a
 * duplicate (the offsets disagree: the upload asks the server where it stands and goes on from
 * there). Any other refusal is final.
 */
export function shouldRetryUpload(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 409) return duplicateOf(error.originalResponse) === null;
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return (status === 0 || status === 423 || status >= 500) && online;
}

/**
 * A request of tus-js-client that carries the session's bearer token (and the UI's language) and
 * follows the refresh-once rule (spec section 4): a 401 refreshes the session and the request is sent once more with the new
 * token; a second 401 is the answer, and the session is lost. Each try is a fresh request of the
 * underlying stack, with the same headers, body and progress handler.
 */
class SessionRequest implements HttpRequest {
  private readonly headers = new Map<string, string>();
  private progress: ((bytesSent: number) => void) | null = null;
  private current: HttpRequest | null = null;
  private aborted = false;

  constructor(
    private readonly stack: HttpStack,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers.set(header, value);
  }

  getHeader(header: string): string | undefined {
    return this.headers.get(header);
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  send(body: unknown): Promise<HttpResponse> {
    return sendWithSession(
      (accessToken) => this.sendOnce(body, accessToken),
      (response) => response.getStatus() === 401,
    );
  }

  private sendOnce(body: unknown, accessToken: string | null): Promise<HttpResponse> {
    if (this.aborted) return Promise.reject(new Error('tus: the request was aborted'));
    const request = this.stack.createRequest(this.method, this.url);
    for (const [header, value] of this.headers) request.setHeader(header, value);
    if (accessToken) request.setHeader('Authorization', `Bearer ${accessToken}`);
    // A refusal's message comes in the UI's language, as with every other call.
    request.setHeader('Accept-Language', document.documentElement.lang || 'en');
    if (this.progress) request.setProgressHandler(this.progress);
    this.current = request;
    return request.send(body);
  }

  abort(): Promise<void> {
    this.aborted = true;
    return this.current?.abort() ?? Promise.resolve();
  }

  getUnderlyingObject(): unknown {
    return this.current?.getUnderlyingObject();
  }
}

/** The default transport of tus-js-client (XMLHttpRequest in a browser), with the session's token. */
class SessionHttpStack implements HttpStack {
  constructor(private readonly stack: HttpStack) {}

  createRequest(method: string, url: string): HttpRequest {
    return new SessionRequest(this.stack, method, url);
  }

  getName(): string {
    return `Session(${this.stack.getName()})`;
  }
}

/** A short, stable hash (FNV-1a) of text, so that a fingerprint stays a short key. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}

/**
 * What remembers an unfinished upload across a reload: the file as tus-js-client knows it (name, type,
 * size, last change) and the form's fields, so that the same file with other fields starts afresh.
 */
export function uploadFingerprint(file: File, fields: VideoUploadFields): string {
  const { description, studentIdentifier, martialArt, fighterId } = fields;
  return [
    'openmat',
    RESUMABLE_UPLOADS_PATH,
    file.name,
    file.type,
    file.size,
    file.lastModified,
    hash(JSON.stringify([description, studentIdentifier, martialArt, ...(fighterId === undefined ? [] : [fighterId])])),
  ].join('-');
}

/** Forgets the unfinished uploads of this fingerprint: the server refused the upload, so it cannot go on. */
async function forget(storage: UrlStorage, fingerprint: string): Promise<void> {
  const stored = await storage.findUploadsByFingerprint(fingerprint);
  await Promise.all(stored.map((upload) => storage.removeUpload(upload.urlStorageKey)));
}

const newest = (uploads: PreviousUpload[]) =>
  uploads.reduce<PreviousUpload | null>(
    (best, upload) => (best === null || upload.creationTime > best.creationTime ? upload : best),
    null,
  );

/** Counts the sign-outs of this page: an upload begun before the last one belongs to a session that has ended. */
let signOuts = 0;

// The upload of a user who signs out stops, and the page forgets it: whoever signs in next in this tab
// must not see its file and fields, nor resume it under their own account.
onSignOut(() => {
  signOuts += 1;
  useUploadStore.getState().controller?.abandon();
  useUploadStore.getState().reset();
});

/**
 * Sends a video with the tus 1.0 protocol to `RESUMABLE_UPLOADS_PATH`, with the form's fields as
 * metadata. An unfinished upload of the same file and fields (this page earlier, or before a reload)
 * goes on where it stopped. Network failures are retried; a refusal is final and reported to
 * `onDone`, and so is success.
 */
export async function startResumableUpload(
  file: File,
  fields: VideoUploadFields,
  { onProgress, onDone, onInterrupted, onResumed }: UploadHandlers,
): Promise<UploadController> {
  const session = signOuts;
  // tus-js-client loads with the first upload, not with the page.
  const { Upload, defaultOptions } = await import('tus-js-client');
  const storage = defaultOptions.urlStorage;
  const fingerprint = uploadFingerprint(file, fields);
  let settled = false;
  // Interrupted by the network, and waiting for the browser to be back online.
  let waiting = false;
  // Sending now (not paused by the user, not waiting for the network).
  let running = true;
  const goOn = () => {
    if (!waiting || settled) return;
    waiting = false;
    running = true;
    onResumed();
    upload.start();
  };
  // A request in flight when the network goes may hang rather than fail: the browser's word is enough.
  const dropped = () => {
    if (!running || settled) return;
    running = false;
    waiting = true;
    void upload.abort(false);
    onInterrupted();
  };
  function stopWatching() {
    window.removeEventListener('online', goOn);
    window.removeEventListener('offline', dropped);
  }
  const done = (outcome: UploadOutcome) => {
    if (settled) return;
    settled = true;
    waiting = false;
    stopWatching();
    if (outcome.kind !== 'uploaded') void forget(storage, fingerprint).catch(() => undefined);
    onDone(outcome);
  };
  // No answer at all is a lost network, not a refusal: nothing is forgotten, and the upload (here, or
  // after a reload with the same file) goes on from the server's offset.
  const failed = (error: Error) => {
    const outcome = outcomeOfError(error);
    if (outcome.kind === 'failed' && outcome.status === null && !settled) {
      running = false;
      waiting = true;
      onInterrupted();
    } else {
      done(outcome);
    }
  };
  const upload = new Upload(file, {
    endpoint: new URL(RESUMABLE_UPLOADS_PATH, window.location.origin).href,
    metadata: {
      filename: file.name,
      filetype: file.type,
      description: fields.description,
      studentIdentifier: fields.studentIdentifier,
      martialArt: fields.martialArt,
      // The athlete an instructor named; left out, the server keeps the uploader's own (a student's) or nobody.
      ...(fields.fighterId === undefined ? {} : { fighterId: String(fields.fighterId) }),
    },
    fingerprint: () => Promise.resolve(fingerprint),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: UPLOAD_RETRY_DELAYS_MS,
    httpStack: new SessionHttpStack(defaultOptions.httpStack),
    onShouldRetry: shouldRetryUpload,
    onProgress,
    onSuccess: ({ lastResponse }) => {
      const videoId = Number(lastResponse.getHeader('Video-Id'));
      done({ kind: 'uploaded', videoId: Number.isInteger(videoId) && videoId > 0 ? videoId : null });
    },
    onError: failed,
  });
  const previous = newest(await upload.findPreviousUploads().catch(() => []));
  const controller: UploadController = {
    pause: () => {
      running = false;
      waiting = false;
      void upload.abort(false);
    },
    resume: () => {
      running = true;
      waiting = false;
      upload.start();
    },
    cancel: () => {
      settled = true;
      stopWatching();
      // Terminates the upload on the server, which drops the bytes it has; a failure there changes nothing here.
      void upload.abort(true).catch(() => undefined);
      void forget(storage, fingerprint).catch(() => undefined);
    },
    abandon: () => {
      settled = true;
      stopWatching();
      // Without a session a request would be refused, and a refusal ends in /login. The server drops the
      // unfinished bytes in time; this browser forgets them now, so that nobody else goes on with them.
      void upload.abort(false).catch(() => undefined);
      void forget(storage, fingerprint).catch(() => undefined);
    },
  };
  // Signed out while it was getting ready: it never starts.
  if (signOuts !== session) {
    controller.abandon();
    return controller;
  }
  if (previous) upload.resumeFromPreviousUpload(previous);
  upload.start();
  window.addEventListener('online', goOn);
  window.addEventListener('offline', dropped);
  return controller;
}

/**
 * The upload of the page (spec section 4, Video upload): idle, uploading (0-100 %, which may be paused
 * and resumed), then an outcome. There is one at a time; its state lives in `useUploadStore`, so it
 * goes on while the user looks at other pages. A finished upload refreshes the list of uploads, and
 * `onDone` is told how it ended.
 */
export function useUploadVideo() {
  const queryClient = useQueryClient();
  const store = useUploadStore.getState;

  async function start(file: File, fields: VideoUploadFields, onDone?: (outcome: UploadOutcome) => void) {
    const { phase } = store();
    if (phase === 'uploading' || phase === 'paused') return;
    const uploadId = store().begin(file, fields);
    const session = signOuts;
    const current = () => store().uploadId === uploadId;
    const finish = (outcome: UploadOutcome) => {
      if (!current()) return;
      store().finish(outcome);
      if (outcome.kind === 'uploaded') void queryClient.invalidateQueries({ queryKey: videoKeys.uploaded() });
      onDone?.(outcome);
    };
    try {
      const controller = await startResumableUpload(file, fields, {
        onProgress: (sent, total) => {
          if (current()) store().progress(sent, total);
        },
        onDone: finish,
        onInterrupted: () => {
          if (current()) store().interrupt();
        },
        onResumed: () => {
          if (current()) store().resume();
        },
      });
      // Cancelled (or replaced) while it was starting: it stops at once, quietly if the user signed out meanwhile.
      if (signOuts !== session) controller.abandon();
      else if (!store().attach(uploadId, controller) && store().phase !== 'done') controller.cancel();
    } catch (error) {
      finish(outcomeOfError(error instanceof Error ? error : new Error(String(error))));
    }
  }

  return {
    start,
    pause: () => {
      const { controller, phase } = store();
      if (!controller || phase !== 'uploading') return;
      controller.pause();
      store().pause();
    },
    resume: () => {
      const { controller, phase } = store();
      if (!controller || phase !== 'paused') return;
      store().resume();
      controller.resume();
    },
    cancel: () => {
      store().controller?.cancel();
      store().reset();
    },
  };
}
