import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** One request as the loopback server saw it; the body parsed when it is JSON, else as text. */
export interface SeenRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

export type Reply = (response: ServerResponse) => void;

/**
 * A small OpenAI-compatible server on 127.0.0.1 for the model-backed providers: it records every request
 * and answers the next ones from `queue` (the last answer repeats), or with `reply` when the queue is empty.
 */
export interface OpenAiLoopback {
  /** The API root, as AI_BASE_URL takes it (`…/v1`). */
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  reply: Reply;
  queue: Reply[];
  /** Forgets what it saw and what it was told to answer. */
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** A chat completion as OpenAI sends it, with `content` as the assistant's message. */
export function chatCompletion(
  content: string | null,
  {
    refusal = null,
    finishReason = 'stop',
    model = 'loopback-model',
  }: {
    refusal?: string | null;
    finishReason?: string;
    model?: string;
  } = {},
): unknown {
  return {
    id: 'chatcmpl-loopback-1',
    object: 'chat.completion',
    created: 1767225600,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: 1200, completion_tokens: 900, total_tokens: 2100 },
    system_fingerprint: 'fp_loopback',
  };
}

export async function startOpenAiLoopback(): Promise<OpenAiLoopback> {
  const seen: SeenRequest[] = [];
  const state = { reply: (() => undefined) as Reply, queue: [] as Reply[] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      const next = state.queue.length > 1 ? state.queue.shift() : state.queue[0];
      (next ?? state.reply)(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the loopback server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    seen,
    get reply() {
      return state.reply;
    },
    set reply(reply: Reply) {
      state.reply = reply;
    },
    get queue() {
      return state.queue;
    },
    set queue(queue: Reply[]) {
      state.queue = queue;
    },
    reset() {
      seen.length = 0;
      state.reply = () => undefined;
      state.queue = [];
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
