/**
 * `/metrics` in the Prometheus text format (prom-client): HTTP latency by route, the job queue's depth
 * and the age of its oldest job, job durations and failures by job name, hub connections, upload bytes
 * and analysis seconds per video second. It is off unless METRICS_TOKEN is set, and then answers only to
 * `Authorization: Bearer <METRICS_TOKEN>`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  /** A job try's outcome, from the job registry. */
  job(outcome: { name: string; seconds: number; ok: boolean }): void;
  /** A finished analysis: its wall time against the video's length. */
  analysed(wallSeconds: number, videoSeconds: number): void;
}

/** The metrics of one process; `sources` are read at each scrape. */
export function createMetrics(sources: {
  queue: { stats(): Promise<{ waiting: number; running: number; oldestWaitingSeconds: number }> };
  hubConnections: () => number;
}): AppMetrics & { httpDuration: Histogram; uploadBytes: Counter } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'openmat_' });
  const httpDuration = new Histogram({
    name: 'openmat_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'openmat_job_duration_seconds',
    help: 'Duration of job tries by job name and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'openmat_job_failures_total',
    help: 'Failed job tries by job name',
    labelNames: ['job'],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'openmat_upload_bytes_total',
    help: 'Bytes of video received by accepted uploads (multipart and resumable)',
    registers: [registry],
  });
  const analysisRatio = new Histogram({
    name: 'openmat_analysis_seconds_per_video_second',
    help: 'Wall-clock seconds an analysis took per second of video',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
    registers: [registry],
  });
  new Gauge({
    name: 'openmat_hub_connections',
    help: 'Real-time hub connections open in this process',
    registers: [registry],
    collect() {
      this.set(sources.hubConnections());
    },
  });
  const depth = new Gauge({
    name: 'openmat_job_queue_depth',
    help: 'Jobs in the queue by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const stats = await sources.queue.stats();
      depth.set({ state: 'waiting' }, stats.waiting);
      depth.set({ state: 'running' }, stats.running);
      oldest.set(stats.oldestWaitingSeconds);
    },
  });
  const oldest = new Gauge({
    name: 'openmat_job_queue_oldest_waiting_seconds',
    help: 'How long the oldest waiting job has waited',
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    uploadBytes,
    job({ name, seconds, ok }) {
      jobDuration.observe({ job: name, outcome: ok ? 'ok' : 'failed' }, seconds);
      if (!ok) jobFailures.inc({ job: name });
    },
    analysed(wallSeconds, videoSeconds) {
      if (videoSeconds > 0) analysisRatio.observe(wallSeconds / videoSeconds);
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    {
      metrics,
      token,
      uploadRoutes,
    }: {
      metrics: ReturnType<typeof createMetrics>;
      token: string | null;
      /** The routes whose accepted bodies are video bytes. */
      uploadRoutes: readonly string[];
    },
  ) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (uploadRoutes.includes(route) && reply.statusCode < 300 && request.method !== 'HEAD') {
        const bytes = Number(request.headers['content-length'] ?? 0);
        if (Number.isFinite(bytes) && bytes > 0) metrics.uploadBytes.inc(bytes);
      }
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Off without a token: the address is not there at all.
      if (!token)
        return reply.code(404).type('application/problem+json').send({
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: 'Metrics are off: set METRICS_TOKEN to turn them on.',
        });
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('application/problem+json').send({
          type: 'about:blank',
          title: 'Unauthorized',
          status: 401,
          detail: 'The metrics need the bearer token METRICS_TOKEN names.',
        });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
