import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows exactly what the web app uses: its own scripts and styles (Radix
 * positions popovers with inline style attributes), images and media from itself and blob: URLs,
 * WebSockets back to itself for real-time hubs, and YouTube's privacy-enhanced player in frames.
 * Frames of this app are refused everywhere. There is no upgrade-insecure-requests: academies often serve the app over plain HTTP on their own
 * network, where upgrading every request would break it.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string | undefined }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
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
