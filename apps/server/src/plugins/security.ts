import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing that could end a CSP directive. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The WebSocket addresses of one host, for `connect-src`; none for a host that is not plain. */
export function webSocketSources(host: string | undefined): string[] {
  if (!host || !PLAIN_HOST.test(host)) return [];
  return [`ws://${host}`, `wss://${host}`];
}

/**
 * Security headers. The CSP allows exactly what the web app uses: its own scripts and styles (Radix
 * positions popovers with inline style attributes), images and media from itself and blob: URLs,
 * WebSockets back to its own host for real-time hubs (never to any host), and YouTube's privacy-enhanced player in frames.
 * Frames of this app are refused everywhere. There is no upgrade-insecure-requests: academies often serve the app over plain HTTP on their own
 * network, where upgrading every request would break it.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    { publicUrl, mediaOrigins = [] }: { publicUrl: string | undefined; mediaOrigins?: readonly string[] },
  ) => {
    // The hubs' WebSockets go back to this origin only: PUBLIC_URL's host when it is set, else the host
    // the request was addressed to (through a proxy named in TRUST_PROXY, the one it forwarded).
    // `'self'` alone would do in browsers that follow CSP 3, but not in every one still in use.
    const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
    const hostOf = new WeakMap<IncomingMessage, string>();
    app.addHook('onRequest', async (request) => {
      hostOf.set(request.raw, publicHost ?? request.host);
    });
    const connectSources = webSocketSources(publicHost);
    const connectSrc =
      connectSources.length > 0
        ? ["'self'", ...connectSources]
        : ["'self'", (request: IncomingMessage) => webSocketSources(hostOf.get(request)).join(' ')];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...mediaOrigins],
          mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
          fontSrc: ["'self'", 'data:'],
          connectSrc,
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          scriptSrcAttr: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // The same rule as the CSP's frame-ancestors 'none', for browsers that only read the old header.
      frameguard: { action: 'deny' },
      // Sent below, only where it means something.
      strictTransportSecurity: false,
    });
    // HSTS over plain HTTP is ignored by browsers at best, and on an academy's own network it would
    // pin a name to HTTPS it cannot serve. It is sent when the request came over HTTPS (directly, or
    // through a proxy named in TRUST_PROXY) or when the public address is an https:// one.
    const alwaysHttps = publicUrl?.startsWith('https://') ?? false;
    app.addHook('onSend', async (request, reply) => {
      if (alwaysHttps || request.protocol === 'https') {
        void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
  { name: 'security' },
);
