import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  json(status, { type: 'about:blank', title: 'Error', status, detail, ...(errors ? { errors } : {}) });

/**
 * Replaces fetch with a table of `METHOD /path` handlers, the HTTP boundary of the app. Each handler
 * may be a list, answered in turn (the last one repeats). Unknown calls answer 404.
 */
export function stubFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname + url.search, headers, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) return problem(404, `no stub for ${key}`);
    if (Array.isArray(handler)) {
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      const next = handler[Math.min(index, handler.length - 1)];
      if (!next) return problem(404, `no stub for ${key}`);
      return next(call);
    }
    return handler(call);
  });
  return { calls, spy, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === key) };
}
