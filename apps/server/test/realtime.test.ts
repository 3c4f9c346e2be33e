import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { NegotiateResponse, type DomainEvent } from '@openmat/contract/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets, type DatabaseTarget } from './support/databases.js';
import { createTestApp, type TestAppOptions, type TestContext } from './support/test-app.js';
import { redisForTests } from './support/redis.js';

const RS = '\u001e';
const SHARE_HUB = '/videoShareHub';
const ANALYSIS_HUB = '/videoAnalysisHub';

/** The user id an access token names (its `sub`). */
function userIdOf(user: SignedIn): number {
  const payload = user.tokens.accessToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string };
  return Number(claims.sub);
}

async function listening(target: DatabaseTarget, options: TestAppOptions = {}) {
  const ctx = await createTestApp(target, options);
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, baseUrl: address };
}

/** Every client this file opens, stopped after each test. */
const clients: HubConnection[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** The official client on one hub, recording every invocation it receives as [method, ...args]. */
async function connect(
  baseUrl: string,
  hub: string,
  token: string,
  { keepAliveIntervalMs, ...options }: { skipNegotiation?: boolean; keepAliveIntervalMs?: number } = {},
) {
  const builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${hub}`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
      ...options,
    })
    .configureLogging(LogLevel.None);
  if (keepAliveIntervalMs !== undefined) builder.withKeepAliveInterval(keepAliveIntervalMs);
  const connection = builder.build();
  const received: unknown[][] = [];
  for (const method of ['ReceiveVideoSharedNotification', 'AnalysisCompleted', 'AnalysisFailed', 'AnalysisProgress']) {
    connection.on(method, (...args: unknown[]) => received.push([method, ...args]));
  }
  clients.push(connection);
  await connection.start();
  return { connection, received };
}

/** The HTTP status a WebSocket upgrade gets: 101 when it opens. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    sockets.push(socket);
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', reject);
  });
}

/** A raw WebSocket that has done the handshake; `records` collects what the server sends after it. */
async function rawClient(baseUrl: string, hub: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${hub}?access_token=${token}`);
  sockets.push(socket);
  const records: string[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('message', (data: Buffer) => {
    records.push(...data.toString('utf8').split(RS).filter(Boolean));
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(`{"protocol":"json","version":1}${RS}`);
  await vi.waitFor(() => expect(records[0]).toBe('{}'));
  return { socket, records, closed };
}

function shared(userIds: number[], title = 'Nagranie'): DomainEvent {
  return {
    type: 'video.shared',
    recipientUserIds: userIds,
    bannerTitle: 'New video shared',
    videoTitle: title,
    sharedByName: 'Coach Anna',
  };
}

describe.each(databaseTargets)('the real-time hubs on $dialect', (target) => {
  let ctx: TestContext;
  let baseUrl: string;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    ({ ctx, baseUrl } = await listening(target, { realtime: { pingIntervalMs: 50 } }));
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
  });
  afterAll(() => ctx.close());

  it('refuses negotiation and the WebSocket without a valid access token', async () => {
    for (const hub of [SHARE_HUB, ANALYSIS_HUB]) {
      const anonymous = await ctx.app.inject({ method: 'POST', url: `${hub}/negotiate?negotiateVersion=1` });
      expect(anonymous.statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: `${hub}/negotiate?negotiateVersion=1&access_token=not-a-token`,
      });
      expect(forged.statusCode).toBe(401);

      const ws = `${baseUrl.replace(/^http/, 'ws')}${hub}`;
      expect(await upgradeStatus(ws)).toBe(401);
      expect(await upgradeStatus(`${ws}?access_token=not-a-token`)).toBe(401);
      expect(await upgradeStatus(ws, { authorization: 'Bearer not-a-token' })).toBe(401);
      // The browser's way: the token in the query.
      expect(await upgradeStatus(`${ws}?access_token=${alice.tokens.accessToken}`)).toBe(101);
    }
    expect(await upgradeStatus(`${baseUrl.replace(/^http/, 'ws')}/elsewhere`)).toBe(404);

    await expect(connect(baseUrl, SHARE_HUB, 'not-a-token')).rejects.toThrow();
    await expect(connect(baseUrl, SHARE_HUB, 'not-a-token', { skipNegotiation: true })).rejects.toThrow();
  });

  it('refuses an upgrade to an address that is no URL path with 400, and keeps serving', async () => {
    const { port } = new URL(baseUrl);
    for (const target of ['//', '//[', '//%']) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connectTcp(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
          );
        });
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    }
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });

  it('negotiates the WebSocket transport only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${SHARE_HUB}/negotiate?negotiateVersion=1`,
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = NegotiateResponse.parse(res.json());
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).toMatch(/^[\w-]{16,}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('delivers an event to every connection of the users it names, on its hub, and to nobody else', async () => {
    const a1 = await connect(baseUrl, SHARE_HUB, alice.tokens.accessToken);
    const a2 = await connect(baseUrl, SHARE_HUB, alice.tokens.accessToken);
    const aAnalysis = await connect(baseUrl, ANALYSIS_HUB, alice.tokens.accessToken);
    const b = await connect(baseUrl, SHARE_HUB, bob.tokens.accessToken);
    const bAnalysis = await connect(baseUrl, ANALYSIS_HUB, bob.tokens.accessToken);

    await ctx.app.domainEvents.publish(shared([userIdOf(alice)], 'For Alice'));
    const forAlice = ['ReceiveVideoSharedNotification', 'New video shared', 'For Alice', 'Coach Anna'];
    await vi.waitFor(() => {
      expect(a1.received).toEqual([forAlice]);
      expect(a2.received).toEqual([forAlice]);
    });

    // Each connection receives in order: once Bob has the event meant for him, he never had Alice's.
    await ctx.app.domainEvents.publish(shared([userIdOf(bob)], 'For Bob'));
    await ctx.app.domainEvents.publish({ type: 'analysis.completed', userIds: [userIdOf(alice)], videoId: 7 });
    await ctx.app.domainEvents.publish({
      type: 'analysis.progress',
      userIds: [userIdOf(alice)],
      videoId: 7,
      percent: 40,
    });
    await ctx.app.domainEvents.publish({
      type: 'analysis.failed',
      userIds: [userIdOf(alice)],
      videoId: 8,
      message: 'No athletes found.',
    });
    await ctx.app.domainEvents.publish({ type: 'analysis.completed', userIds: [userIdOf(bob)], videoId: 9 });
    await vi.waitFor(() => {
      expect(b.received).toEqual([['ReceiveVideoSharedNotification', 'New video shared', 'For Bob', 'Coach Anna']]);
      expect(aAnalysis.received).toEqual([
        ['AnalysisCompleted', 7],
        ['AnalysisProgress', 7, 40],
        ['AnalysisFailed', 8, 'No athletes found.'],
      ]);
      expect(bAnalysis.received).toEqual([['AnalysisCompleted', 9]]);
    });
    expect(a1.received).toEqual([forAlice]);
    expect(a2.received).toEqual([forAlice]);
  });

  it('answers a client invocation with an error: the hubs expose no methods', async () => {
    const { connection } = await connect(baseUrl, SHARE_HUB, alice.tokens.accessToken);
    await expect(connection.invoke('SendToEveryone', 'hi')).rejects.toThrow(/does not exist/);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('pings its clients', async () => {
    const { records } = await rawClient(baseUrl, ANALYSIS_HUB, alice.tokens.accessToken);
    await vi.waitFor(() => expect(records).toContain('{"type":6}'));
  });

  it('refuses a handshake for another protocol with an error, then closes', async () => {
    const socket = new WebSocket(
      `${baseUrl.replace(/^http/, 'ws')}${SHARE_HUB}?access_token=${alice.tokens.accessToken}`,
    );
    sockets.push(socket);
    const records: string[] = [];
    socket.on('message', (data: Buffer) => records.push(data.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(records).toEqual([`{"error":"The protocol 'messagepack' is not supported."}${RS}`]);
  });
});

describe.each(databaseTargets.slice(0, 1))('the lifetime of hub connections on $dialect', (target) => {
  it('closes a connection that stays silent past the client timeout', async () => {
    const { ctx, baseUrl } = await listening(target, { realtime: { pingIntervalMs: 60_000, clientTimeoutMs: 100 } });
    try {
      const user = await signUp(ctx.app);
      const { records, closed } = await rawClient(baseUrl, SHARE_HUB, user.tokens.accessToken);
      await closed;
      expect(records.at(-1)).toBe(
        '{"type":7,"error":"Server timeout elapsed without receiving a message from the client."}',
      );
    } finally {
      await ctx.close();
    }
  });

  it("keeps a connection open while the client's keep-alive pings arrive", async () => {
    // The official client schedules its next keep-alive when it hears from the server, so the server's
    // pings are what keep both sides talking.
    const { ctx, baseUrl } = await listening(target, { realtime: { pingIntervalMs: 25, clientTimeoutMs: 300 } });
    try {
      const user = await signUp(ctx.app);
      const kept = await connect(baseUrl, ANALYSIS_HUB, user.tokens.accessToken, { keepAliveIntervalMs: 25 });
      // A silent connection opened after it is the clock: once the server has closed that one, the
      // pinging client has lived longer than the timeout too.
      const silent = await rawClient(baseUrl, ANALYSIS_HUB, user.tokens.accessToken);
      await silent.closed;
      expect(kept.connection.state).toBe(HubConnectionState.Connected);
      await ctx.app.domainEvents.publish({ type: 'analysis.completed', userIds: [userIdOf(user)], videoId: 3 });
      await vi.waitFor(() => expect(kept.received).toEqual([['AnalysisCompleted', 3]]));
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.stop()));
      await ctx.close();
    }
  });

  it('sends every client a Close that allows reconnecting when the app closes, and closes promptly', async () => {
    const { ctx, baseUrl } = await listening(target);
    let appClosed = false;
    try {
      const user = await signUp(ctx.app);
      const raw = await rawClient(baseUrl, ANALYSIS_HUB, user.tokens.accessToken);
      const { connection } = await connect(baseUrl, SHARE_HUB, user.tokens.accessToken);
      const stopped = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

      await ctx.close();
      appClosed = true;
      await raw.closed;
      expect(raw.records.at(-1)).toBe('{"type":7,"allowReconnect":true}');
      expect(await stopped).toBeUndefined();
      expect(connection.state).toBe(HubConnectionState.Disconnected);
    } finally {
      if (!appClosed) await ctx.close();
    }
  });
});

const redisUrl = redisForTests('Real-time Redis backplane tests');

// Runs only with a Redis; redisForTests printed the reason when there is none.
describe.runIf(redisUrl)('the Redis backplane', () => {
  const target = databaseTargets[0];
  const contexts: TestContext[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    for (const ctx of contexts.splice(0)) await ctx.close();
  });

  it('carries an event published on one instance to the user connected to another', async () => {
    if (!target) throw new Error('no database target');
    // A channel of this test only, so runs side by side never hear each other.
    const realtime = { channelPrefix: `openmat-test-${process.pid}-${randomBytes(4).toString('hex')}` };
    const env = { REDIS_URL: redisUrl ?? '' };
    const a = await listening(target, { env, realtime });
    contexts.push(a.ctx);
    const b = await listening(target, { env, realtime });
    contexts.push(b.ctx);
    const other = await listening(target, { env, realtime: { channelPrefix: `${realtime.channelPrefix}-other` } });
    contexts.push(other.ctx);

    const onB = await signUp(b.ctx.app);
    const onOther = await signUp(other.ctx.app);
    const client = await connect(b.baseUrl, SHARE_HUB, onB.tokens.accessToken);
    const elsewhere = await connect(other.baseUrl, SHARE_HUB, onOther.tokens.accessToken);

    await a.ctx.app.domainEvents.publish(shared([userIdOf(onB), userIdOf(onOther)], 'Across instances'));
    await vi.waitFor(() =>
      expect(client.received).toEqual([
        ['ReceiveVideoSharedNotification', 'New video shared', 'Across instances', 'Coach Anna'],
      ]),
    );
    // The same user id on an instance with another channel prefix: the first event never reached it.
    await other.ctx.app.domainEvents.publish(shared([userIdOf(onOther)], 'Own channel'));
    await vi.waitFor(() =>
      expect(elsewhere.received).toEqual([
        ['ReceiveVideoSharedNotification', 'New video shared', 'Own channel', 'Coach Anna'],
      ]),
    );
  });
});
