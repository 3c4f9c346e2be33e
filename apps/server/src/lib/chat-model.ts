/**
 * A language model as the lesson planner and the video analysis see it: one chat completion in, the
 * assistant's message out. The HTTP client of an OpenAI-compatible endpoint that implements this port is
 * a repository (repositories/llm.repository.ts), wired in by the services.
 */

/** A part of a message with pictures: text, or an image as a URL (a `data:` URL for a frame of a video). */
export type ChatContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image_url'; readonly image_url: { readonly url: string; readonly detail?: 'low' | 'high' } };

export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string | readonly ChatContentPart[];
}

/** A chat-completion request without the model's name, which belongs to the endpoint's configuration. */
export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  /** OpenAI's `response_format`, e.g. a JSON-schema structured output. */
  readonly response_format?: {
    readonly type: 'json_schema';
    readonly json_schema: { readonly name: string; readonly strict: boolean; readonly schema: unknown };
  };
  readonly temperature?: number;
  readonly seed?: number;
}

/** The first choice of the answer, or why there is none (unreachable, timed out, an HTTP error…). */
export type ChatReply =
  | {
      readonly ok: true;
      readonly content: string | null;
      readonly refusal: string | null;
      /** 'stop', or 'length' when the answer was cut off at the token limit. */
      readonly finishReason: string | null;
    }
  | { readonly ok: false; readonly reason: string };

export interface ChatModel {
  /** Never throws for a failure of the endpoint: it answers `{ ok: false, reason }` instead. */
  complete(request: ChatRequest): Promise<ChatReply>;
}
