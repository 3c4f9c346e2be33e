import { vi } from 'vitest';

type ProgressListener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * An XMLHttpRequest that sends through `fetch`, so that the XHR-based transports (tus-js-client's
 * browser stack) meet the same HTTP boundary as the rest of the app: `stubFetch`'s table. A body's
 * upload progress is reported in one step, once the answer has come.
 */
class FetchXhr {
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload: { onprogress: ProgressListener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private answerHeaders: Headers | null = null;
  private readonly controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getResponseHeader(header: string): string | null {
    return this.answerHeaders?.get(header) ?? null;
  }

  send(body: Blob | string | null = null): void {
    const size = body instanceof Blob ? body.size : 0;
    fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal }).then(
      async (response) => {
        if (this.controller.signal.aborted) return;
        if (size > 0) this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
        this.status = response.status;
        this.statusText = response.statusText;
        this.answerHeaders = response.headers;
        this.responseText = await response.text();
        this.readyState = 4;
        this.onload?.();
      },
      (error: unknown) => {
        if (!this.controller.signal.aborted) this.onerror?.(error);
      },
    );
  }

  abort(): void {
    this.controller.abort();
  }
}

/** Replaces XMLHttpRequest with one that goes through `fetch` (and so through `stubFetch`). */
export function routeXhrThroughFetch(): void {
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
}
