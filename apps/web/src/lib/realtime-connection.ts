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

/** The language the page speaks (the document's, as the API client sends it). */
function pageLanguage(): string {
  return document.documentElement.lang || 'en';
}

function connect(hub: HubPath, language: string): HubConnection {
  const connection = new HubConnectionBuilder()
    // So that the server writes what it sends (a share banner's title, why an analysis failed) in it. The
    // address is fixed once built, reconnects included: another language needs another connection.
    .withUrl(`${hub}?lang=${encodeURIComponent(language)}`, {
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
 * sends it) in the page's language and keeps them open: the client's own reconnect covers a drop, a
 * connection that gave up starts again when the browser comes back online, and when the page switches
 * language both are opened again in the new one at once (the old ones close meanwhile). Answers the
 * function that closes them, settled once they are closed.
 */
export function startRealtime(): () => Promise<void> {
  const hubs = Object.values(HubPaths);
  let language = pageLanguage();
  const open = () => hubs.map((hub) => ({ hub, connection: connect(hub, language) }));
  let connections = open();
  /** Settles once the connections replaced by a language switch are closed. */
  let replacedClosed: Promise<unknown> = Promise.resolve();
  const startAll = () => {
    for (const { hub, connection } of connections) void start(connection, hub);
  };
  const followLanguage = () => {
    if (pageLanguage() === language) return;
    language = pageLanguage();
    const replaced = connections;
    connections = open();
    startAll();
    replacedClosed = Promise.allSettled([replacedClosed, ...replaced.map(({ connection }) => connection.stop())]);
  };
  // A language switch reaches the document's `lang` (applyLanguageToDocument), where the address reads it.
  const languageWatch = new MutationObserver(followLanguage);
  languageWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  startAll();
  window.addEventListener('online', startAll);
  return async () => {
    languageWatch.disconnect();
    window.removeEventListener('online', startAll);
    // A connection still opening finishes opening before it closes (SignalR waits for its start).
    await Promise.all([replacedClosed, ...connections.map(({ connection }) => connection.stop())]);
  };
}
