import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type ILogger,
} from '@microsoft/signalr';
import {
  HubArguments,
  HubPaths,
  type HubMethodArguments,
  type HubMethodName,
  type HubPath,
} from '@openmat/contract/realtime';
import type { ZodType } from 'zod';
import { freshAccessToken } from './api-client';
import { deliver, RECONNECT_DELAYS_MS } from './realtime';

/**
 * Connection trouble is logged and never shown: the spec wants a failed start only logged, and a drop
 * the client recovers from is not an error of the page. Everything goes to the console as a warning.
 */
const logger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Warning) console.warn(`[realtime] ${message}`);
  },
};

function connect(hub: HubPath): HubConnection {
  const connection = new HubConnectionBuilder()
    // The language the page speaks, so that the server writes what it sends (a share banner's title) in it.
    .withUrl(`${hub}?lang=${encodeURIComponent(document.documentElement.lang || 'en')}`, {
      transport: HttpTransportType.WebSockets,
      withCredentials: true,
      // Signed out meanwhile (a connection still opening as the user signs out): no socket is opened at all,
      // rather than one the server refuses.
      accessTokenFactory: async () => {
        const token = await freshAccessToken();
        if (!token) throw new Error('signed out');
        return token;
      },
    })
    .withAutomaticReconnect(RECONNECT_DELAYS_MS)
    .configureLogging(logger)
    .build();
  for (const method of Object.keys(HubArguments[hub])) {
    if (!isMethod(method)) continue;
    connection.on(method, (...args: unknown[]) => receive(hub, method, args));
  }
  return connection;
}

/** The argument schemas of every client method, whichever hub sends it. */
const argumentSchemas: { [M in HubMethodName]: ZodType<HubMethodArguments[M]> } = {
  ...HubArguments[HubPaths.videoShare],
  ...HubArguments[HubPaths.videoAnalysis],
};

function isMethod(name: string): name is HubMethodName {
  return Object.hasOwn(argumentSchemas, name);
}

/** Checks what a hub sent against the contract before any listener sees it. */
function receive<M extends HubMethodName>(hub: HubPath, method: M, args: unknown[]): void {
  const parsed = argumentSchemas[method].safeParse(args);
  if (parsed.success) deliver(method, parsed.data);
  else console.warn(`[realtime] ${hub} sent ${method} with arguments this client does not read`, args);
}

async function start(connection: HubConnection, hub: HubPath): Promise<void> {
  if (connection.state !== HubConnectionState.Disconnected) return;
  try {
    await connection.start();
  } catch (error) {
    console.warn(`[realtime] ${hub} did not connect`, error);
  }
}

/**
 * Opens both hubs (WebSockets only, negotiated at `<hub>/negotiate`, the bearer token as the client
 * sends it) and keeps them open: the client's own reconnect covers a drop, and a connection that gave
 * up starts again when the browser comes back online. Answers the function that closes them, settled once
 * they are closed.
 */
export function startRealtime(): () => Promise<void> {
  const hubs = Object.values(HubPaths);
  const connections = hubs.map((hub) => ({ hub, connection: connect(hub) }));
  const startAll = () => {
    for (const { hub, connection } of connections) void start(connection, hub);
  };
  startAll();
  window.addEventListener('online', startAll);
  return async () => {
    window.removeEventListener('online', startAll);
    // A connection still opening finishes opening before it closes (SignalR waits for its start).
    await Promise.all(connections.map(({ connection }) => connection.stop()));
  };
}
