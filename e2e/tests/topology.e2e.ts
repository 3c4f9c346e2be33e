import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator } from '../../apps/server/test/support/s3-emulator.js';
import { tcpProxy } from '../../apps/server/test/support/tcp-proxy.js';
import { PASSWORD } from '../support/accounts.js';
import { launchBrowser } from '../support/browser.js';
import { REPO_ROOT, freePort } from '../support/server.js';

/**
 * The scaled-out deployment of the README, from the build: PostgreSQL, Redis (behind a TCP proxy the
 * test can cut), an S3 emulator, two API instances with JOBS_IN_API=false, one worker and a
 * round-robin proxy with WebSockets in front (issue 23, "Done when").
 */
// PostgreSQL and Redis as CI provides them (.ci/run); the test makes a database of its own.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const POSTGRES = databaseUrl ? new URL(databaseUrl) : null;
const REDIS = redisUrl ? new URL(redisUrl) : null;
const BUCKET = 'sparring';
const API_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/entrypoints/api.js');
const WORKER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/entrypoints/worker.js');

const available = POSTGRES !== null && REDIS !== null;
if (!available) {
  console.warn('[e2e] the topology test is skipped: TEST_DATABASE_URL and TEST_REDIS_URL are not both set.');
}

/**
 * The load balancer: round-robin over the instances that accept connections (an instance that refuses
 * one is skipped, as a load balancer's health check would), WebSockets passed through.
 */
async function roundRobin(upstreams: () => string[]) {
  let next = 0;
  const pick = () => {
    const list = upstreams();
    next = (next + 1) % Math.max(1, list.length);
    return list.slice(next).concat(list.slice(0, next));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const tryNext = (candidates: string[]) => {
        const target = candidates[0];
        if (!target) {
          res.writeHead(503, { 'retry-after': '1' }).end();
          return;
        }
        const url = new URL(target);
        const upstream = http.request(
          { host: url.hostname, port: url.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !res.headersSent) tryNext(candidates.slice(1));
          else res.destroy();
        });
        upstream.end(Buffer.concat(chunks));
      };
      tryNext(pick());
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const target = new URL(pick()[0] ?? 'http://127.0.0.1:1');
    const upstream = net.connect({ host: target.hostname, port: Number(target.port) }, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String(port)}`,
    // Connections still open (a stream from an instance the test killed) would keep `close` waiting.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Process {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startProcess(entry: string, env: Record<string, string>, ready: RegExp | 'http'): Promise<Process> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 40_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early:\n${log}`);
    // Its own line first: an answer on the port alone could come from another journey's server.
    if (ready === 'http') {
      const ok =
        log.includes(`OpenMat is running at ${url} `) &&
        (await fetch(`${url}/api/health/live`).then(
          (res) => res.ok,
          () => false,
        ));
      if (ok) break;
    } else if (ready.test(log)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start in 40 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, url, output: () => log, exited };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(available)('a scaled-out deployment: two API instances, a worker, Redis, PostgreSQL and S3', () => {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `openmat_topology_${suffix}`;
  const cleanup: Array<() => Promise<unknown>> = [];
  /** Every status the clients were answered, with what was asked. */
  const answers: Array<{ status: number; what: string }> = [];
  let env: Record<string, string>;
  let redis: Awaited<ReturnType<typeof tcpProxy>>;
  let apiA: Process;
  let apiB: Process;
  let worker: Process;
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let s3: S3Client;
  let db: pg.Client;
  let clip: Buffer;
  let otherClip: Buffer;
  let auth: { authorization: string };
  let token = '';

  async function call(base: string, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${base}${pathname}`, { ...init, headers: { ...auth, ...init.headers } });
    answers.push({ status: res.status, what: `${init.method ?? 'GET'} ${pathname}` });
    return res;
  }

  const startApi = (name: string) =>
    mkdtemp(path.join(tmpdir(), `openmat-topology-${name}-`)).then((dataDir) => {
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      return startProcess(API_ENTRY, { ...env, DATA_DIR: dataDir }, 'http');
    });
  const startWorker = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-topology-worker-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    return startProcess(WORKER_ENTRY, { ...env, DATA_DIR: dataDir }, /worker is running/);
  };

  beforeAll(async () => {
    const server = new URL(POSTGRES?.href ?? '');
    server.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: server.href });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    cleanup.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    });
    const bucketDir = await mkdtemp(path.join(tmpdir(), 'openmat-topology-s3-'));
    cleanup.push(() => rm(bucketDir, { recursive: true, force: true }));
    const emulator = await startS3Emulator({ directory: bucketDir, bucket: BUCKET });
    cleanup.push(() => emulator.close());
    // This run's keys go afterwards (BullMQ's queue and the upload locks), straight from Redis.
    cleanup.push(async () => {
      const direct = new Redis({ host: REDIS?.hostname ?? '127.0.0.1', port: Number(REDIS?.port || 6379), db: 7 });
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await direct.scan(cursor, 'MATCH', `openmat-topology-${suffix}*`, 'COUNT', 500);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      if (keys.length > 0) await direct.del(...keys);
      await direct.quit();
    });
    redis = await tcpProxy({ host: REDIS?.hostname ?? '127.0.0.1', port: Number(REDIS?.port || 6379) });
    cleanup.push(() => redis.close());
    env = {
      DATABASE_URL: Object.assign(new URL(server.href), { pathname: `/${databaseName}` }).href,
      // A database number and key prefix of this run's own, on the machine's Redis.
      REDIS_URL: `redis://127.0.0.1:${String(redis.port)}/7`,
      REDIS_PREFIX: `openmat-topology-${suffix}`,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: emulator.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      JOBS_IN_API: 'false',
      JOB_LEASE_SECONDS: '4',
      REGISTRATIONS_PER_HOUR: '1000',
      WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
      LOG_LEVEL: 'info',
    };
    // The first instance migrates; the others start on the migrated schema.
    apiA = await startApi('a');
    [apiB, worker] = await Promise.all([startApi('b'), startWorker()]);
    const instances = () => [apiA, apiB].filter((api) => api.child.exitCode === null).map((api) => api.url);
    proxy = await roundRobin(instances);
    cleanup.push(() => proxy.close());
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    cleanup.push(() => db.end());
    // Five seconds of a test pattern with sound.
    // Test patterns: five seconds, and four seconds for a second video of other bytes.
    const makeClip = async (seconds: number) => {
      const file = path.join(bucketDir, `clip-${String(seconds)}.mp4`);
      await new Promise<void>((resolve, reject) => {
        const ffmpeg = spawn('ffmpeg', [
          ...['-hide_banner', '-loglevel', 'error', '-y'],
          ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${String(seconds)}`],
          ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
        ]);
        ffmpeg.once('error', reject);
        ffmpeg.once('exit', (code) => (code === 0 ? resolve() : reject(new Error('ffmpeg failed'))));
      });
      return readFile(file);
    };
    clip = await makeClip(5);
    otherClip = await makeClip(4);
  }, 120_000);

  afterAll(async () => {
    for (const running of [apiA, apiB, worker]) running?.child.kill('SIGKILL');
    s3?.destroy();
    // Each step is given a while, not for ever: a step that hangs on a service the test killed must not
    // leave the rest (the database, Redis's keys) behind, nor fail a run whose checks all passed.
    for (const step of cleanup.reverse()) {
      await Promise.race([step().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
  }, 120_000);

  function tus(
    base: string,
    options: { uploadUrl?: string | null; stopAt?: number; description: string; data?: Buffer },
  ) {
    return new Promise<{ url: string | null; videoId: string | null; firstOffset: number | null }>(
      (resolve, reject) => {
        let videoId: string | null = null;
        let firstOffset: number | null = null;
        const upload: Upload = new Upload(options.data ?? clip, {
          endpoint: `${base}/vid/api/video/uploads`,
          uploadUrl: options.uploadUrl ? `${base}${new URL(options.uploadUrl).pathname}` : null,
          headers: auth,
          metadata: {
            filename: 'roll.mp4',
            filetype: 'video/mp4',
            description: options.description,
            studentIdentifier: 'ana-01',
            martialArt: 'BrazilianJiuJitsu_NO_GI',
          },
          chunkSize: 8 * 1024,
          retryDelays: [],
          onAfterResponse: (req, res) => {
            answers.push({ status: res.getStatus(), what: `tus ${req.getMethod()}` });
            videoId = res.getHeader('Video-Id') ?? videoId;
          },
          onProgress: (sent, total) => {
            firstOffset ??= sent;
            if (options.stopAt !== undefined && sent >= total * options.stopAt) {
              void upload.abort().then(() => resolve({ url: upload.url, videoId, firstOffset }));
            }
          },
          onSuccess: () => resolve({ url: upload.url, videoId, firstOffset }),
          onError: (error) => reject(new Error(`${options.description} on ${base}: ${error.message}`)),
        });
        upload.start();
      },
    );
  }

  const video = async (base: string, id: string | number) => {
    const res = await call(base, '/vid/api/video/getall-uploaded');
    const list = (await res.json()) as Array<{
      id: number;
      processing: string;
      signedUrl: string;
      analysis: { status: string };
    }>;
    return list.find((one) => String(one.id) === String(id)) ?? null;
  };

  async function hubOn(base: string) {
    const connection: HubConnection = new HubConnectionBuilder()
      .withUrl(`${base}/videoAnalysisHub`, {
        accessTokenFactory: () => token,
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
      })
      .withAutomaticReconnect([0, 250, 500, 1000, 1000, 1000, 2000, 2000, 2000])
      .configureLogging(LogLevel.None)
      .build();
    const received: unknown[][] = [];
    for (const method of ['AnalysisCompleted', 'AnalysisFailed', 'AnalysisProgress']) {
      connection.on(method, (...args: unknown[]) => received.push([method, ...args]));
    }
    await connection.start();
    cleanup.push(() => connection.stop());
    return received;
  }

  it('holds together: sign-in, uploads, analyses, playback, crashes and a Redis outage', async () => {
    // Sign in through A, work through B.
    const email = `topology-${suffix}@example.com`;
    const registered = await fetch(`${proxy.url}/api/fighter/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        fighterRole: 'Student',
        fighterName: 'Ana Topology',
        height: 170,
        weight: 65,
        gender: 'Female',
        birthdate: '1995-03-03',
        maxWorkoutDuration: 5,
        experience: 1,
        beltColor: 'Blue',
      }),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`${apiA.url}/api/fighter/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { accessToken: string }).accessToken;
    auth = { authorization: `Bearer ${token}` };
    expect((await call(apiB.url, '/vid/api/video/getall-uploaded')).status).toBe(200);

    // A tus upload cut on A resumes on B, and lands in the bucket.
    const cut = await tus(apiA.url, { stopAt: 0.5, description: 'Cut on A' });
    const resumed = await tus(apiB.url, { uploadUrl: cut.url, description: 'Cut on A' });
    // B went on from where A stopped (past half), not from byte 0.
    expect(resumed.firstOffset).toBeGreaterThan(clip.length / 2);
    const first = resumed.videoId ?? '';
    expect(first).toMatch(/^\d+$/);
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
    expect(keys.some((key) => key?.endsWith('/source.mp4'))).toBe(true);
    expect(keys.filter((key) => key?.startsWith('tus-'))).toEqual([]);
    // The worker prepares it (JOBS_IN_API=false: the API instances run no job).
    await until('the first video to be ready', async () => (await video(proxy.url, first))?.processing === 'ready');

    // Its presigned address plays in Chromium, on a page under the app's own CSP.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await page.goto(`${proxy.url}/api/health/live`);
      const signedUrl = (await video(apiB.url, first))?.signedUrl ?? '';
      expect(new URL(signedUrl).origin).toBe(env.S3_ENDPOINT);
      const played = await page.evaluate(async (src) => {
        const element = document.createElement('video');
        element.muted = true;
        element.src = src;
        document.body.append(element);
        await element.play();
        const start = element.currentTime;
        // Playing moves the time on; on a busy machine the first frames can take a few seconds to decode.
        const asked = performance.now();
        while (element.currentTime <= start && !element.error && performance.now() - asked < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { readyState: element.readyState, advanced: element.currentTime > start, error: element.error?.code };
      }, signedUrl);
      expect(played).toMatchObject({ advanced: true });
      expect(played.readyState).toBeGreaterThanOrEqual(2);
    } finally {
      await browser.close();
    }

    // An analysis runs on the worker; its events reach a hub connection on B. The worker is killed
    // mid-analysis, and a new one takes the job over: one result.
    const events = await hubOn(apiB.url);
    // And one through the proxy's WebSockets, on whichever instance it picked.
    const eventsViaProxy = await hubOn(proxy.url);
    expect((await call(apiA.url, `/vid/api/video/analyze/${first}`, { method: 'POST' })).status).toBe(202);
    await until('analysis progress on B', () =>
      Promise.resolve(events.some((event) => event[0] === 'AnalysisProgress')),
    );
    worker.child.kill('SIGKILL');
    await worker.exited;
    worker = await startWorker();
    await until(
      'the analysis to complete on the new worker',
      () => Promise.resolve(events.some((event) => event[0] === 'AnalysisCompleted' && String(event[1]) === first)),
      90,
    );
    await until('the completion through the proxy', () =>
      Promise.resolve(eventsViaProxy.some((event) => event[0] === 'AnalysisCompleted')),
    );
    expect(events.filter((event) => event[0] === 'AnalysisCompleted')).toHaveLength(1);
    const results = await db.query('SELECT count(*)::int AS n FROM video_analyses WHERE video_id = $1', [first]);
    expect(results.rows[0]).toEqual({ n: 1 });

    // A is killed while the last part of an upload is being finished; the client resumes on B.
    const second = { description: 'A killed', data: otherClip };
    const partial = await tus(apiA.url, { ...second, stopAt: 0.6 });
    const heads = answers.filter((answer) => answer.what === 'tus HEAD').length;
    const finishing = tus(apiA.url, { ...second, uploadUrl: partial.url }).catch(() => null);
    // The client asked where it stands and sends the rest: A is killed while it takes and finishes it.
    await until('the resumed upload to reach A', () =>
      Promise.resolve(answers.filter((answer) => answer.what === 'tus HEAD').length > heads),
    );
    apiA.child.kill('SIGKILL');
    await finishing;
    await apiA.exited;
    const afterCrash = await tus(apiB.url, { ...second, uploadUrl: partial.url });
    // B finishes it (or finds the video A made): one video of the upload, with its id answered.
    expect(afterCrash.videoId).toMatch(/^\d+$/);
    const uploadId = new URL(partial.url ?? 'http://x/').pathname.split('/').pop();
    const rows = await db.query('SELECT id FROM videos WHERE upload_id = $1', [uploadId]);
    expect(
      rows.rows.map((row: { id: number }) => String(row.id)),
      `the upload resumed (${String(partial.url)}), the upload answered (${String(afterCrash.url)}), the last answers: ${JSON.stringify(answers.slice(-25))}`,
    ).toEqual([afterCrash.videoId]);

    // Redis away: /api/health keeps answering, readiness says why not, requests answer 503 or succeed.
    redis.cut();
    const health = await call(apiB.url, '/api/health');
    expect(health.status).toBe(200);
    const ready = await call(apiB.url, '/api/health/ready');
    expect(ready.status).toBe(503);
    const readiness = (await ready.json()) as { checks: { redis?: { ok: boolean; reason?: string } } };
    expect(readiness.checks.redis).toMatchObject({ ok: false });
    expect(readiness.checks.redis?.reason).toBeTruthy();
    const during = await fetch(`${apiB.url}/vid/api/video/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': [
          `filename ${Buffer.from('outage.mp4').toString('base64')}`,
          `description ${Buffer.from('During the outage').toString('base64')}`,
          `studentIdentifier ${Buffer.from('ana-01').toString('base64')}`,
          `martialArt ${Buffer.from('BrazilianJiuJitsu_NO_GI').toString('base64')}`,
        ].join(','),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip),
    });
    answers.push({ status: during.status, what: 'tus POST during the outage' });
    if (during.status === 503) expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    const analyzeDuring = await call(apiB.url, `/vid/api/video/analyze/${first}`, { method: 'POST' });
    if (analyzeDuring.status === 503) expect(analyzeDuring.headers.get('retry-after')).toMatch(/^\d+$/);
    redis.restore();
    await until('readiness once Redis is back', async () => (await fetch(`${apiB.url}/api/health/ready`)).ok);

    // Nothing is lost and nothing stays pending: every video is ready, every analysis settled, the outbox empty.
    await until(
      'every video ready and every analysis settled',
      async () => {
        const pending = await db.query(
          "SELECT (SELECT count(*)::int FROM videos WHERE processing <> 'ready') AS videos, (SELECT count(*)::int FROM video_analyses WHERE status IN ('queued', 'running')) AS analyses, (SELECT count(*)::int FROM job_outbox) AS outbox",
        );
        const row = pending.rows[0] as { videos: number; analyses: number; outbox: number };
        return row.videos === 0 && row.analyses === 0 && row.outbox === 0;
      },
      90,
    );
    const bad = answers.filter(({ status }) => !((status >= 200 && status < 500) || status === 503));
    expect(bad).toEqual([]);
  }, 240_000);
});
