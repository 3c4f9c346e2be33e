import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@openmat/contract/languages';
import { ProblemDetails } from '@openmat/contract/problem';
import { HubPaths, NegotiateResponse, type DomainEvent, type HubPath } from '@openmat/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Guards } from '../plugins/auth.js';
import { negotiateLanguage } from '../plugins/language.js';
import { deliveryOf } from './event-routing.js';
import {
  encodeClose,
  encodeHandshakeResponse,
  encodeInvocation,
  encodePing,
  MessageType,
  parseClientMessage,
  parseHandshakeRequest,
  RecordReader,
  replyTo,
} from './signalr-codec.js';

const HUBS: readonly HubPath[] = Object.values(HubPaths);

/** Clients send a handshake and pings only; nothing legitimate comes near this. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * What a client may send before it is cut off. The official client sends pings (every 15 s) and
 * nothing else: the hubs have no client-callable method. A few invocations (or stream items,
 * completions, cancellations) are answered as the protocol says; a stream of them, or a storm of
 * pings, is an attack, and ends the connection with an error rather than costing the server its time.
 */
export const CLIENT_MESSAGE_LIMITS = {
  /** Messages other than pings, per connection and window. */
  invocations: { limit: 10, windowMs: 60_000 },
  /** Every message, pings included, per connection and window. */
  messages: { limit: 100, windowMs: 1_000 },
} as const;

/** A count of events per fixed window of the app's clock. */
class RateBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one event; false once the window's limit is exceeded. */
  take(): boolean {
    const now = this.clock.now().getTime();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    return this.used <= this.limit;
  }
}

/** The access token of a hub connection, checked: whose, until when, and from which sign-in. */
export interface HubTokenVerifier {
  /** Throws an `AppError` with status 401 for a token that is not (or no longer) valid. */
  verifyHubToken(token: string): Promise<{ userId: number; expiresAt: Date; signInId: string | null }>;
}

export interface HubOptions {
  /** How often the server pings each connection (default 15 s, the client's keep-alive interval). */
  pingIntervalMs?: number;
  /** A connection that sends nothing, not even a ping, for this long is closed (default 30 s). */
  clientTimeoutMs?: number;
  /** How long closing waits for clients to acknowledge before cutting their sockets (default 2 s). */
  closeGraceMs?: number;
}

type Log = Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>;

/** Who a connection is for, from its access token. */
interface ConnectionGrant {
  userId: number;
  /** When its access token expires; the connection is closed then, with an invitation to reconnect. */
  expiresAt: Date;
  /** The sign-in its token came from: logging out of it closes the connection. */
  signInId: string | null;
}

/** One client's WebSocket on one hub, from the handshake on. */
class HubConnection {
  private readonly reader = new RecordReader(MAX_MESSAGE_BYTES);
  private handshaken = false;
  private readonly silence: NodeJS.Timeout;
  private readonly invocations: RateBudget;
  private readonly messages: RateBudget;
  readonly closed: Promise<void>;
  readonly userId: number;

  constructor(
    readonly id: string,
    readonly hub: HubPath,
    readonly grant: ConnectionGrant,
    /** The language of the texts this connection is sent (a share banner's title). */
    readonly language: Language,
    private readonly socket: WebSocket,
    clientTimeoutMs: number,
    clock: Clock,
    private readonly events: { opened(connection: HubConnection): void; closed(connection: HubConnection): void },
    private readonly log: Log,
  ) {
    this.userId = grant.userId;
    this.invocations = new RateBudget(
      CLIENT_MESSAGE_LIMITS.invocations.limit,
      CLIENT_MESSAGE_LIMITS.invocations.windowMs,
      clock,
    );
    this.messages = new RateBudget(
      CLIENT_MESSAGE_LIMITS.messages.limit,
      CLIENT_MESSAGE_LIMITS.messages.windowMs,
      clock,
    );
    this.silence = setTimeout(
      () => this.close({ error: 'Server timeout elapsed without receiving a message from the client.' }),
      clientTimeoutMs,
    );
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        clearTimeout(this.silence);
        this.events.closed(this);
        resolve();
      });
    });
    socket.on('error', (error) => this.log.debug({ err: error, connectionId: id }, 'hub connection error'));
    socket.on('message', (data) => this.receive(data));
  }

  send(text: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  ping(): void {
    if (this.handshaken) this.send(encodePing());
  }

  /** Says why (a Close message, once the handshake is done), then ends the WebSocket. */
  close(options: { error?: string; allowReconnect?: boolean } = {}): void {
    if (this.handshaken) this.send(encodeClose(options));
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(1000);
    }
  }

  /** Ends the socket without waiting for the client's side of the closing handshake. */
  terminate(): void {
    this.socket.terminate();
  }

  private receive(data: RawData): void {
    // Any message, a ping included, proves the client is alive.
    this.silence.refresh();
    const read = this.reader.push(rawText(data));
    if (!read.ok) return this.close({ error: read.error });
    for (const record of read.records) {
      if (!this.messages.take()) return this.close({ error: 'Too many messages: the connection was closed.' });
      if (!this.handshaken) {
        const handshake = parseHandshakeRequest(record);
        if (!handshake.ok) {
          this.send(encodeHandshakeResponse(handshake.error));
          return this.close();
        }
        this.send(encodeHandshakeResponse());
        this.handshaken = true;
        this.events.opened(this);
        continue;
      }
      const parsed = parseClientMessage(record);
      if (!parsed.ok) return this.close({ error: parsed.error });
      if (parsed.message.type === MessageType.Close) return this.close();
      if (parsed.message.type !== MessageType.Ping && !this.invocations.take()) {
        return this.close({ error: 'Too many invocations: this hub has no method a client may call.' });
      }
      const reply = replyTo(parsed.message);
      if (reply !== null) this.send(reply);
    }
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}

/**
 * The SignalR hubs `/videoShareHub` and `/videoAnalysisHub` on `ws`, by hand
 * (docs/decisions/0018-signalr-hubs-by-hand.md). It keeps, per hub, each signed-in user's open
 * connections (one per tab) and delivers an event's invocation to the users it names and to no one else.
 */
export class HubServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly users = new Map<HubPath, Map<number, Set<HubConnection>>>(HUBS.map((hub) => [hub, new Map()]));
  /** Every accepted socket, handshaken or not, so closing reaches them all. */
  private readonly sockets = new Set<HubConnection>();

  /** The hub connections open in this process, for the metrics. */
  get connectionCount(): number {
    return this.sockets.size;
  }
  private readonly pingIntervalMs: number;
  private readonly clientTimeoutMs: number;
  private readonly closeGraceMs: number;
  private pinger: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly log: Log,
    options: HubOptions = {},
    /** The app's clock: access tokens expire by it. */
    private readonly clock: Clock = systemClock,
  ) {
    this.pingIntervalMs = options.pingIntervalMs ?? 15_000;
    this.clientTimeoutMs = options.clientTimeoutMs ?? 30_000;
    this.closeGraceMs = options.closeGraceMs ?? 2_000;
  }

  /**
   * Sends the event's invocation to every open connection of the users it concerns; answers how many.
   * A sign-in that ended closes instead the connections it opened.
   */
  deliver(event: DomainEvent): number {
    if (event.type === 'signin.ended') return this.endSignIn(event.userId, event.signInId);
    // Each connection hears the event in its own language (a share banner's title), encoded once per language.
    const texts = new Map<Language, string>();
    const textIn = (language: Language) => {
      const known = texts.get(language);
      if (known !== undefined) return known;
      const { target, args } = deliveryOf(event, language);
      const text = encodeInvocation(target, args);
      texts.set(language, text);
      return text;
    };
    const { hub, userIds } = deliveryOf(event, FALLBACK_LANGUAGE);
    let sent = 0;
    for (const userId of new Set(userIds)) {
      for (const connection of this.users.get(hub)?.get(userId) ?? []) {
        connection.send(textIn(connection.language));
        sent += 1;
      }
    }
    return sent;
  }

  /**
   * Closes (without an invitation to reconnect) the user's connections opened with tokens of the sign-in
   * that ended, and those whose tokens name no sign-in; answers how many. Every open socket counts, a
   * handshake still to come included: a tab connecting while the user logs out elsewhere is closed too,
   * instead of receiving events until its token expires.
   */
  private endSignIn(userId: number, signInId: string): number {
    let closed = 0;
    for (const connection of this.sockets) {
      if (connection.userId !== userId) continue;
      if (connection.grant.signInId !== null && connection.grant.signInId !== signInId) continue;
      connection.close();
      closed += 1;
    }
    return closed;
  }

  /**
   * Starts pinging. The client closes a connection it hears nothing on for 30 s. At each ping, a
   * connection whose access token has expired is closed with an invitation to reconnect: the official
   * client then connects again, with a fresh token from its token factory.
   */
  start(): void {
    if (this.pinger || this.closing) return;
    this.pinger = setInterval(() => {
      const now = this.clock.now().getTime();
      for (const connection of this.sockets) {
        if (connection.grant.expiresAt.getTime() <= now) connection.close({ allowReconnect: true });
        else connection.ping();
      }
    }, this.pingIntervalMs);
    this.pinger.unref();
  }

  /**
   * Answers an HTTP upgrade to a hub: authenticated by the access token (the `access_token` query
   * parameter, which browsers must use, or a bearer header), else refused with 401 before any WebSocket.
   * Answers false for an address that is not a hub.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, verifier: HubTokenVerifier): boolean {
    // This runs in the server's 'upgrade' listener, outside any route: an address that is no URL path
    // ('//' reads as a URL without a host) would throw out of it and stop the whole process.
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://hub.invalid');
    } catch {
      socket.on('error', (error) => this.log.debug({ err: error }, 'hub upgrade socket error'));
      refuse(socket, 400);
      return true;
    }
    const hub = HUBS.find((path) => path === url.pathname);
    if (!hub) return false;
    socket.on('error', (error) => this.log.debug({ err: error }, 'hub upgrade socket error'));
    void this.authenticate(request, url, verifier).then((outcome) => {
      if (outcome.status !== 101) return refuse(socket, outcome.status);
      if (this.closing) return refuse(socket, 503);
      if (socket.destroyed) return;
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const id = url.searchParams.get('id') ?? randomId();
        const language = connectionLanguage(url, request);
        this.sockets.add(
          new HubConnection(
            id,
            hub,
            outcome.grant,
            language,
            ws,
            this.clientTimeoutMs,
            this.clock,
            this.registry,
            this.log,
          ),
        );
      });
    });
    return true;
  }

  /** Sends every connection a Close that invites it to reconnect (to another instance), and ends them. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    const connections = [...this.sockets];
    for (const connection of connections) connection.close({ allowReconnect: true });
    const grace = setTimeout(() => connections.forEach((connection) => connection.terminate()), this.closeGraceMs);
    await Promise.all(connections.map((connection) => connection.closed));
    clearTimeout(grace);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private readonly registry = {
    opened: (connection: HubConnection) => {
      const byUser = this.users.get(connection.hub);
      const open = byUser?.get(connection.userId) ?? new Set<HubConnection>();
      open.add(connection);
      byUser?.set(connection.userId, open);
    },
    closed: (connection: HubConnection) => {
      this.sockets.delete(connection);
      const byUser = this.users.get(connection.hub);
      const open = byUser?.get(connection.userId);
      open?.delete(connection);
      if (open?.size === 0) byUser?.delete(connection.userId);
    },
  };

  private async authenticate(
    request: IncomingMessage,
    url: URL,
    verifier: HubTokenVerifier,
  ): Promise<{ status: 101; grant: ConnectionGrant } | { status: 401 | 500 }> {
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = header?.[1] ?? url.searchParams.get('access_token');
    if (!token) return { status: 401 };
    try {
      return { status: 101, grant: await verifier.verifyHubToken(token) };
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return { status: 401 };
      this.log.error({ err: error }, 'could not check the access token of a hub connection');
      return { status: 500 };
    }
  }
}

const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The language a connection asked for: the `lang` query parameter (the web app sends the language the
 * user chose), else what the upgrade's Accept-Language prefers, else English.
 */
function connectionLanguage(url: URL, request: IncomingMessage): Language {
  const asked = url.searchParams.get('lang');
  if (asked !== null && isLanguage(asked)) return asked;
  return negotiateLanguage(request.headers['accept-language']);
}

/** An HTTP answer on a socket that asked to upgrade, then the end of it. */
function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT): void {
  const challenge = status === 401 ? 'WWW-Authenticate: Bearer\r\n' : '';
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${challenge}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

function randomId(): string {
  return randomBytes(16).toString('base64url');
}

const availableTransports: NegotiateResponse['availableTransports'] = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
];

const NegotiateQuery = z.object({ negotiateVersion: z.coerce.number().int().min(0).optional() });

/**
 * The hubs on an app: `POST <hub>/negotiate` for each hub, the WebSocket upgrade on the app's HTTP
 * server, pings once ready, and a Close to every client before the server stops.
 */
export const hubsPlugin: FastifyPluginAsyncZod<{
  hubs: HubServer;
  verifier: HubTokenVerifier;
  guards: Guards;
}> = async (app, { hubs, verifier, guards }) => {
  for (const hub of HUBS) {
    app.post(
      `${hub}/negotiate`,
      {
        onRequest: guards.authenticated,
        schema: {
          tags: ['real-time'],
          security: [{ bearer: [] }],
          summary: 'SignalR negotiation: the WebSocket transport only',
          querystring: NegotiateQuery,
          response: { 200: NegotiateResponse, 401: ProblemDetails },
        },
      },
      async (request): Promise<NegotiateResponse> => {
        const connectionId = randomId();
        // Version 1 adds a connection token, distinct from the id, for the WebSocket address.
        if ((request.query.negotiateVersion ?? 0) >= 1) {
          return { negotiateVersion: 1, connectionId, connectionToken: randomId(), availableTransports };
        }
        return { negotiateVersion: 0, connectionId, availableTransports };
      },
    );
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (hubs.handleUpgrade(request, socket, head, verifier)) return;
    // Nobody else listens for upgrades: say so instead of leaving the socket hanging.
    if (app.server.listenerCount('upgrade') === 1) refuse(socket, 404);
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onReady', async () => hubs.start());
  // preClose: before the HTTP server waits for its sockets to end, which upgraded ones never would.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await hubs.close();
  });
};
