import { z } from 'zod';
import type { ChatModel, ChatReply, ChatRequest } from '../lib/chat-model.js';
import { parseJson } from '../lib/parse-json.js';

export interface LlmConfig {
  /** The API root, e.g. 'https://api.openai.com/v1' or 'http://localhost:11434/v1'. */
  readonly baseUrl: string;
  readonly model: string;
  /** Sent as a bearer token when set; local servers usually need none. */
  readonly apiKey?: string | undefined;
  /** For the whole exchange, answer body included. */
  readonly timeoutMs: number;
}

/** The parts of an OpenAI chat-completion answer we read. */
const ChatCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          refusal: z.string().nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

const ApiError = z.object({ error: z.object({ message: z.string() }) });

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `request failed: ${error.message}${cause}`;
  }
  return 'request failed';
}

/**
 * An OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM and llama.cpp all speak it): one
 * POST to `/chat/completions`, the first choice read back. Every failure of the exchange is answered as
 * a reason, never thrown.
 */
export class LlmRepository implements ChatModel {
  constructor(private readonly config: LlmConfig) {}

  async complete(request: ChatRequest): Promise<ChatReply> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.config.model, ...request }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return { ok: false, reason: failureOf(error, this.config.timeoutMs) };
    }
    const body = parseJson(text);
    if (status < 200 || status >= 300) {
      const apiError = body.ok ? ApiError.safeParse(body.value) : null;
      const detail = apiError?.success ? apiError.data.error.message : text;
      return { ok: false, reason: `HTTP ${status}${detail ? `: ${detail}` : ''}` };
    }
    if (!body.ok) return { ok: false, reason: 'the response body is not JSON' };
    const completion = ChatCompletion.safeParse(body.value);
    if (!completion.success) return { ok: false, reason: 'the response is not a chat completion' };
    const choice = completion.data.choices[0];
    if (choice === undefined) return { ok: false, reason: 'the response has no choices' };
    return {
      ok: true,
      content: choice.message.content ?? null,
      refusal: choice.message.refusal ?? null,
      finishReason: choice.finish_reason ?? null,
    };
  }
}
