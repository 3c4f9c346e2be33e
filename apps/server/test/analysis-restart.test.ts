import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { AnalysisResult } from '@openmat/contract/analysis';
import type { TokenResponse } from '@openmat/contract/auth';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from './support/accounts.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';
import { freePort } from './support/ports.js';
import { redisForTests } from './support/redis.js';
import { makeClips } from './support/videos.js';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/** The API as its own process, from the sources, on `database`; killed outright, never shut down. */
class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';

  constructor(
    private readonly database: FreshDatabase,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(TSX, ['--conditions=source', 'src/entrypoints/api.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.database.dataDir,
        DATABASE_URL: this.database.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        ...this.env,
        // Enough frames that the analysis is still running when the test kills the process.
        ANALYSIS_FRAMES_PER_SECOND: '4',
        // One thread of the pose model: the test is about the job, not the model's speed.
        ANALYSIS_THREADS: '1',
        // A dead worker's job is taken over after 3 s instead of a minute.
        JOB_LEASE_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${this.output}`);
      const healthy = await fetch(`${this.baseUrl}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (healthy) return;
      await delay(200);
    }
  }

  /** SIGKILL to the whole process group: no shutdown hook, no lease handed back, as in a power cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

const redisUrl = redisForTests('The restart of an analysis on BullMQ');
/** The database queue on each database, and BullMQ when there is a Redis. */
const backends = [
  ...databaseTargets.map((target) => ({ label: `the database queue on ${target.dialect}`, target, redisUrl: '' })),
  ...databaseTargets.slice(0, 1).flatMap((target) => (redisUrl ? [{ label: 'BullMQ', target, redisUrl }] : [])),
];

describe.each(backends)('an analysis when the server is killed half way, with $label', ({ target, redisUrl }) => {
  let database: FreshDatabase;
  let server: ServerProcess;
  let auth: { authorization: string };
  let videoId: number;
  // Redis keys of this run alone.
  const prefix = `openmat-restart-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    database = await target.create();
    server = new ServerProcess(database, await freePort(), { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server.kill();
    await database.drop();
  });

  const api = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      ...init,
      headers: { ...auth, ...(init.headers ?? {}) },
    });
    return { status: res.status, body: await res.text() };
  };
  const analysisOf = async () => {
    const res = await api(`/vid/api/video/${videoId}`);
    expect(res.status, res.body).toBe(200);
    return (JSON.parse(res.body) as UploadedVideo).analysis;
  };

  it('takes the job over after a restart and stores exactly one result', async () => {
    const person = registration({ fighterName: 'Kuba Nowak' });
    const registered = await fetch(`${server.baseUrl}/api/fighter/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`${server.baseUrl}/api/fighter/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    auth = { authorization: `Bearer ${((await login.json()) as TokenResponse).accessToken}` };

    const clip = (await makeClips(8)).mp4;
    const form = new FormData();
    form.append('studentIdentifier', 'blue gi');
    form.append('description', 'Rolls before the power cut');
    form.append('videoFile', new Blob([clip], { type: 'video/mp4' }), 'roll.mp4');
    const uploaded = await api('/vid/api/video/upload-sparring', { method: 'POST', body: form });
    expect(uploaded.status, uploaded.body).toBe(200);
    videoId = (JSON.parse(uploaded.body) as VideoUploadResponse).videoId;

    const asked = await api(`/vid/api/video/analyze/${videoId}`, { method: 'POST' });
    expect(asked.status, asked.body).toBe(202);
    // Killed once a fifth of the frames are analysed.
    for (let analysis = await analysisOf(); !(analysis.status === 'running' && analysis.progress >= 0.2);) {
      expect(['queued', 'running']).toContain(analysis.status);
      await delay(100);
      analysis = await analysisOf();
    }
    await server.kill();

    await server.start();
    const before = await analysisOf();
    expect(before.status, 'the killed run is still on record as running').toBe('running');
    for (let analysis = before; analysis.status !== 'completed'; analysis = await analysisOf()) {
      expect(analysis.status, server.output).not.toBe('failed');
      await delay(250);
    }

    const feedback = await api(`/vid/api/video/${videoId}/feedback`);
    expect(feedback.status).toBe(200);
    const result = JSON.parse(feedback.body) as AnalysisResult;
    expect(result.athletes?.found).toBe(0);
    expect(result.techniques).toEqual([]);

    const handle = await database.open({ migrate: false });
    try {
      const analyses = await handle.db
        .selectFrom('video_analyses')
        .select(['status', 'progress'])
        .where('video_id', '=', videoId)
        .execute();
      expect(analyses).toEqual([{ status: 'completed', progress: 1 }]);
      if (!redisUrl) {
        const jobs = await handle.db
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('name', '=', 'video.analyze')
          .execute();
        // One job, finished on its second try: the killed one, then the one after the restart.
        expect(jobs).toEqual([{ status: 'done', attempts: 2 }]);
      }
    } finally {
      await handle.destroy();
    }
    if (redisUrl) {
      const queue = new Queue('jobs', { connection: { url: redisUrl }, prefix });
      try {
        const jobs = await queue.getJobs(['completed', 'failed', 'active', 'wait', 'delayed']);
        const analyses = jobs.filter((job) => job.name === 'video.analyze');
        // One job, taken back from the dead worker once (a stall, not a failed try), and completed.
        expect(analyses).toHaveLength(1);
        expect(await analyses[0]?.getState()).toBe('completed');
        expect(analyses[0]?.stalledCounter).toBe(1);
      } finally {
        await queue.obliterate({ force: true });
        await queue.close();
      }
    }
  }, 180_000);
});
