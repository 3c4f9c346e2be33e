import { describe, expect, it } from 'vitest';
import {
  encodeClose,
  encodeCompletionError,
  encodeHandshakeResponse,
  encodeInvocation,
  encodePing,
  MessageType,
  parseClientMessage,
  parseHandshakeRequest,
  RECORD_SEPARATOR,
  RecordReader,
  replyTo,
} from './signalr-codec.js';

const RS = RECORD_SEPARATOR;

describe('RecordReader', () => {
  it('splits several records of one frame', () => {
    const reader = new RecordReader();
    expect(reader.push(`{"type":6}${RS}{"type":6}${RS}`)).toEqual({ ok: true, records: ['{"type":6}', '{"type":6}'] });
  });

  it('keeps a partial record until the frame that ends it', () => {
    const reader = new RecordReader();
    expect(reader.push('{"protocol":"js')).toEqual({ ok: true, records: [] });
    expect(reader.push(`on","version":1}${RS}{"ty`)).toEqual({
      ok: true,
      records: ['{"protocol":"json","version":1}'],
    });
    expect(reader.push(`pe":6}${RS}`)).toEqual({ ok: true, records: ['{"type":6}'] });
  });

  it('refuses a record that never ends', () => {
    const reader = new RecordReader(10);
    expect(reader.push('x'.repeat(11))).toEqual({ ok: false, error: 'A message was too long.' });
  });
});

describe('the handshake', () => {
  it('accepts the JSON protocol, version 1, and answers an empty object', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(encodeHandshakeResponse()).toBe(`{}${RS}`);
  });

  it('refuses another protocol, a newer version or garbage, with an error the client can show', () => {
    expect(parseHandshakeRequest('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "The protocol 'messagepack' is not supported.",
    });
    expect(parseHandshakeRequest('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(parseHandshakeRequest('{"protocol":"json"}')).toMatchObject({ ok: false });
    expect(parseHandshakeRequest('not json')).toMatchObject({ ok: false });
    expect(parseHandshakeRequest('[]')).toMatchObject({ ok: false });
    expect(encodeHandshakeResponse('nope')).toBe(`{"error":"nope"}${RS}`);
  });
});

describe('client messages', () => {
  it('reads pings, close and invocations', () => {
    expect(parseClientMessage('{"type":6}')).toEqual({ ok: true, message: { type: MessageType.Ping } });
    expect(parseClientMessage('{"type":7,"error":"bye"}')).toEqual({
      ok: true,
      message: { type: MessageType.Close, error: 'bye' },
    });
    expect(parseClientMessage('{"type":1,"target":"Send","arguments":[],"invocationId":"4"}')).toEqual({
      ok: true,
      message: { type: MessageType.Invocation, target: 'Send', invocationId: '4' },
    });
    expect(parseClientMessage('{"type":3,"invocationId":"1","result":1}')).toEqual({
      ok: true,
      message: { type: 'ignored' },
    });
  });

  it('calls a broken message a protocol error', () => {
    expect(parseClientMessage('{"type":99}')).toMatchObject({ ok: false });
    expect(parseClientMessage('{"type":1}')).toMatchObject({ ok: false });
    expect(parseClientMessage('{"type":1,"target":"X","invocationId":4}')).toMatchObject({ ok: false });
    expect(parseClientMessage('{oops')).toMatchObject({ ok: false });
    expect(parseClientMessage('null')).toMatchObject({ ok: false });
  });

  it('answers an invocation that waits for a result with a Completion carrying an error', () => {
    expect(replyTo({ type: MessageType.Invocation, target: 'Send', invocationId: '7' })).toBe(
      `{"type":3,"invocationId":"7","error":"Method 'Send' does not exist on this hub."}${RS}`,
    );
    expect(replyTo({ type: MessageType.StreamInvocation, target: 'Counter', invocationId: '8' })).toContain(
      '"invocationId":"8"',
    );
    expect(replyTo({ type: MessageType.Invocation, target: 'Send' })).toBeNull();
    expect(replyTo({ type: MessageType.Ping })).toBeNull();
  });
});

describe('server messages', () => {
  it('encodes invocations, pings, close and completions as records', () => {
    expect(encodeInvocation('AnalysisFailed', [5, 'no athletes found'])).toBe(
      `{"type":1,"target":"AnalysisFailed","arguments":[5,"no athletes found"]}${RS}`,
    );
    expect(encodePing()).toBe(`{"type":6}${RS}`);
    expect(encodeClose()).toBe(`{"type":7}${RS}`);
    expect(encodeClose({ error: 'Server is shutting down.', allowReconnect: true })).toBe(
      `{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`,
    );
    expect(encodeCompletionError('1', 'x')).toBe(`{"type":3,"invocationId":"1","error":"x"}${RS}`);
  });

  it('round-trips what the client sends through the reader', () => {
    const reader = new RecordReader();
    const result = reader.push(encodePing() + encodeClose());
    expect(result.ok && result.records.map((record) => parseClientMessage(record))).toEqual([
      { ok: true, message: { type: MessageType.Ping } },
      { ok: true, message: { type: MessageType.Close } },
    ]);
  });
});
