import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translator } from '../i18n/catalog.js';
import { sendProblem } from '../lib/problem.js';

export interface WebAppOptions {
  /** Folder of the built web app (index.html, assets/, localization/). */
  distDir: string;
}

const API_PREFIXES = ['/api/', '/vid/api/'];

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api') return false;
  // A missing file with an extension (a script, an image, a translation) is a real 404, not a page.
  if (path.extname(url) !== '') return false;
  return request.headers.accept?.includes('text/html') ?? true;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is. Every other
 * page address answers with index.html (the SPA fallback), so deep links survive a hard refresh.
 * API addresses that match no route answer with a 404 problem.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: ['index.html'],
        cacheControl: false,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.setHeader('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'the web app is not built; serving the API only');
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasWebApp && wantsPage(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendProblem(reply, 404, {
        detail: translator(request.language)('problem.noRoute', {
          method: request.method,
          path: request.url.split('?')[0] ?? '',
        }),
      });
    });
  },
  { name: 'web-app' },
);
