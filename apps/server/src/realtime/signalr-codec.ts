import { parseJson } from '../lib/parse-json.js';

/**
 * The part of the ASP.NET Core SignalR JSON hub protocol the hubs speak, as pure functions: no socket,
 * no timer (docs/decisions/0018-signalr-hubs-by-hand.md). Every message is a JSON record ended by the
 * record separator 0x1E; one WebSocket frame may carry several records, or part of one.
 * https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/docs/specs/HubProtocol.md
 */
export const RECORD_SEPARATOR = '\u001e';

/** Message types of the hub protocol. */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** The one protocol and version this server speaks (MessagePack is not offered). */
const PROTOCOL = 'json';
const PROTOCOL_VERSION = 1;

/**
 * Splits incoming text into records. A record may arrive in pieces, so the tail after the last separator
 * is kept for the next frame. `maxBuffered` bounds what a client can make us hold without ever ending a
 * record.
 */
export class RecordReader {
  private buffer = '';

  constructor(private readonly maxBuffered = 64 * 1024) {}

  /** The complete records in `text` and what came before it, or an error once the open record is too long. */
  push(text: string): { ok: true; records: string[] } | { ok: false; error: string } {
    const parts = (this.buffer + text).split(RECORD_SEPARATOR);
    this.buffer = parts.pop() ?? '';
    if (this.buffer.length > this.maxBuffered) {
      this.buffer = '';
      return { ok: false, error: 'A message was too long.' };
    }
    return { ok: true, records: parts };
  }
}

/**
 * The client's first record, `{"protocol":"json","version":1}`. The answer is the empty object, or an
 * error the client shows, after which the server closes the connection.
 */
export function parseHandshakeRequest(record: string): { ok: true } | { ok: false; error: string } {
  const parsed = parseJson(record);
  if (!parsed.ok || !isRecord(parsed.value)) return { ok: false, error: 'The handshake request was not JSON.' };
  const { protocol, version } = parsed.value;
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'The handshake request names no protocol and version.' };
  }
  if (protocol !== PROTOCOL) return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  // As ASP.NET Core does: a client may ask for an older version than the server's, never a newer one.
  if (!Number.isInteger(version) || version < 0 || version > PROTOCOL_VERSION) {
    return { ok: false, error: `The server does not support version ${version} of the '${protocol}' protocol.` };
  }
  return { ok: true };
}

export function encodeHandshakeResponse(error?: string): string {
  return frame(error === undefined ? {} : { error });
}

/** What a client may send once the handshake is done, reduced to what the hubs act on. */
export type ClientMessage =
  | { type: typeof MessageType.Invocation | typeof MessageType.StreamInvocation; target: string; invocationId?: string }
  | { type: typeof MessageType.Ping }
  | { type: typeof MessageType.Close; error?: string }
  /** Stream items, completions of client results, cancellations: nothing of ours asks for them. */
  | { type: 'ignored' };

/** A record from the client, or an error when it breaks the protocol (the server then closes). */
export function parseClientMessage(
  record: string,
): { ok: true; message: ClientMessage } | { ok: false; error: string } {
  const parsed = parseJson(record);
  if (!parsed.ok || !isRecord(parsed.value)) return { ok: false, error: 'A message was not a JSON object.' };
  const value = parsed.value;
  switch (value.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      if (typeof value.target !== 'string') return { ok: false, error: 'An invocation named no target.' };
      if (value.invocationId !== undefined && typeof value.invocationId !== 'string') {
        return { ok: false, error: 'An invocation id was not a string.' };
      }
      return {
        ok: true,
        message: {
          type: value.type,
          target: value.target,
          ...(value.invocationId === undefined ? {} : { invocationId: value.invocationId }),
        },
      };
    }
    case MessageType.Ping:
      return { ok: true, message: { type: MessageType.Ping } };
    case MessageType.Close:
      return {
        ok: true,
        message: { type: MessageType.Close, ...(typeof value.error === 'string' ? { error: value.error } : {}) },
      };
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
      return { ok: true, message: { type: 'ignored' } };
    default:
      return { ok: false, error: 'A message had an unknown type.' };
  }
}

/**
 * The answer to a client message, if any. The hubs expose no client-callable method, so an invocation
 * that waits for a result (it has an invocation id) gets a Completion carrying an error; one without an
 * id is fire-and-forget and gets nothing, as in ASP.NET Core.
 */
export function replyTo(message: ClientMessage): string | null {
  if (message.type !== MessageType.Invocation && message.type !== MessageType.StreamInvocation) return null;
  if (message.invocationId === undefined) return null;
  return encodeCompletionError(message.invocationId, `Method '${message.target}' does not exist on this hub.`);
}

export function encodeInvocation(target: string, args: readonly unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function encodePing(): string {
  return frame({ type: MessageType.Ping });
}

/** `allowReconnect` tells a client with automatic reconnect to come back (e.g. to another instance). */
export function encodeClose(options: { error?: string; allowReconnect?: boolean } = {}): string {
  return frame({
    type: MessageType.Close,
    ...(options.error === undefined ? {} : { error: options.error }),
    ...(options.allowReconnect ? { allowReconnect: true } : {}),
  });
}

export function encodeCompletionError(invocationId: string, error: string): string {
  return frame({ type: MessageType.Completion, invocationId, error });
}

function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
