import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.js';
import { msg, type Message } from '../i18n/catalog.js';
import type { Principal } from '../lib/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` guard; null on routes without it. */
    principal: Principal | null;
  }
}

export interface AccessTokenVerifier {
  verifyAccessToken(token: string): Promise<Principal>;
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /** Any signed-in caller. */
  authenticated: Guard;
  /** Signed-in students only (role 0). */
  student: Guard;
  /** Signed-in instructors only (role 1). */
  instructor: Guard;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (match?.[1]) return match[1];
  // Browsers cannot set headers on a WebSocket, so the real-time hubs send the token in the query.
  // Nowhere else: a token in an address ends up in logs, histories and Referer headers.
  if (!acceptsQueryToken(request.url)) return undefined;
  const query = request.query;
  if (query && typeof query === 'object' && 'access_token' in query && typeof query.access_token === 'string') {
    return query.access_token;
  }
  return undefined;
}

/** The real-time hubs, the only paths that take `access_token` in the query. */
export const HUB_PATHS = ['/videoShareHub', '/videoAnalysisHub'] as const;

export function acceptsQueryToken(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return HUB_PATHS.some((hub) => path === hub || path.startsWith(`${hub}/`));
}

/**
 * The one place that checks who is calling. Routes add a guard with one line:
 * `onRequest: guards.instructor`.
 */
export function createGuards(verifier: AccessTokenVerifier): Guards {
  const authenticated: Guard = async (request, reply) => {
    const token = bearerToken(request);
    if (!token) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized(msg('auth.signInFirst'));
    }
    try {
      request.principal = await verifier.verifyAccessToken(token);
    } catch (error) {
      void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw error;
    }
  };
  const withRole =
    (role: 0 | 1, message: Message): Guard =>
    async (request, reply) => {
      await authenticated(request, reply);
      if (role === 1 && request.principal?.instructorPending) throw forbidden(msg('auth.instructorPending'));
      if (request.principal?.role !== role) throw forbidden(message);
    };
  return {
    authenticated,
    student: withRole(0, msg('auth.onlyStudents')),
    instructor: withRole(1, msg('auth.onlyInstructors')),
  };
}

/** Declares `request.principal` on every request. */
export const principalPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('principal', null);
  },
  { name: 'principal' },
);

/** The principal of a guarded route. A guarded route without one is a programming error. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`Route ${request.routeOptions.url ?? request.url} has no auth guard.`);
  return request.principal;
}
