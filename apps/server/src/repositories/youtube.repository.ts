import { FALLBACK_LANGUAGE, type Language } from '@openmat/contract/languages';
import { decodeHTML } from 'entities';
import { z } from 'zod';
import { msg, render, type Message } from '../i18n/catalog.js';

export interface YoutubeConfig {
  apiKey: string;
  /** The YouTube Data API v3 base address; tests point it at a loopback server. */
  baseUrl: string;
  timeoutMs: number;
}

export interface YoutubeVideoFound {
  videoId: string;
  title: string;
  publishedAt: string;
  description: string;
}

/** The part of a `search.list` answer we read. */
const SearchListResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.object({ videoId: z.string().optional() }),
        snippet: z.object({ title: z.string(), description: z.string().default(''), publishedAt: z.string() }),
      }),
    )
    .default([]),
});

const ErrorResponse = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** A search that failed; `notice` says why, for the caller, in the caller's language once it is written. */
export class YoutubeSearchError extends Error {
  constructor(
    readonly notice: Message,
    readonly reason: 'quota' | 'key' | 'unavailable',
  ) {
    super(render(notice, FALLBACK_LANGUAGE));
    this.name = 'YoutubeSearchError';
  }
}

/** YouTube Data API v3 `search.list`: embeddable videos, in the UI's language first. */
export class YoutubeRepository {
  constructor(private readonly config: YoutubeConfig) {}

  async search(query: string, language: Language, maxResults = 6): Promise<YoutubeVideoFound[]> {
    const url = new URL(`${this.config.baseUrl.replace(/\/+$/, '')}/search`);
    url.search = new URLSearchParams({
      part: 'snippet',
      type: 'video',
      videoEmbeddable: 'true',
      maxResults: String(maxResults),
      relevanceLanguage: language,
      safeSearch: 'strict',
      q: query,
      key: this.config.apiKey,
    }).toString();
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new YoutubeSearchError(msg('search.youtubeTimeout'), 'unavailable');
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = ErrorResponse.safeParse(body);
      const reasons = error.success ? (error.data.error.errors ?? []).map((e) => e.reason ?? '') : [];
      if (reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded' || r === 'rateLimitExceeded')) {
        throw new YoutubeSearchError(msg('search.youtubeQuota'), 'quota');
      }
      if (res.status === 400 || res.status === 403 || reasons.some((r) => r.includes('key') || r === 'forbidden')) {
        throw new YoutubeSearchError(msg('search.youtubeKey'), 'key');
      }
      throw new YoutubeSearchError(msg('search.youtubeStatus', { status: res.status }), 'unavailable');
    }
    const parsed = SearchListResponse.safeParse(body);
    if (!parsed.success) throw new YoutubeSearchError(msg('search.youtubeUnreadable'), 'unavailable');
    return parsed.data.items.flatMap((item) =>
      item.id.videoId
        ? [
            {
              videoId: item.id.videoId,
              title: decodeHTML(item.snippet.title),
              publishedAt: item.snippet.publishedAt,
              description: decodeHTML(item.snippet.description),
            },
          ]
        : [],
    );
  }
}
