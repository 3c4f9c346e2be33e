import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@openmat/contract/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of every text the server writes for this request, from `Accept-Language`. */
    readonly language: Language;
  }
}

/** Entries of Accept-Language read at most; a longer header is no real browser's. */
const MAX_ENTRIES = 32;

/**
 * The supported language that an Accept-Language header prefers: its entries by quality (highest
 * first, ties in the order given, `q=0` never), each matched by its primary subtag, so `pl-PL` is
 * Polish. A header that names no supported language, `*`, or none at all gives English.
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  const ranked = header
    .split(',', MAX_ENTRIES)
    .map((entry, order) => {
      const [range = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const quality = parameters.find((parameter) => /^q=/i.test(parameter));
      const q = quality === undefined ? 1 : Number(quality.slice(2));
      return { primary: range.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.q > 0)
    .sort((x, y) => y.q - x.q || x.order - y.order);
  for (const { primary } of ranked) {
    if (primary === '*') return FALLBACK_LANGUAGE;
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The language of a request. `request.language` is this; code that may get a request before the app's
 * decorations apply (Fastify's `frameworkErrors`) asks here.
 */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  return negotiateLanguage(request.headers['accept-language']);
}

/** Declares `request.language`, read from the request's own headers whenever it is asked for. */
export const languagePlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('language', {
      getter(this: FastifyRequest): Language {
        return languageOf(this);
      },
    });
  },
  { name: 'language' },
);
