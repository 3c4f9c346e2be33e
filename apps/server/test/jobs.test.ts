import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { JobPayload } from '@openmat/contract/jobs';
import { Job, Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { createJobBackend, type JobBackendOptions } from '../src/job-backend.js';
import { ABANDONED_ERROR, DatabaseJobWorker } from '../src/jobs/database-worker.js';
import { JobRegistry, PermanentJobError, type JobContext, type JobFailureInfo } from '../src/jobs/registry.js';
import type { Clock } from '../src/lib/clock.js';
import { loadSecrets } from '../src/lib/secrets.js';
import { BullmqJobQueue } from '../src/repositories/bullmq-job-queue.repository.js';
import { DbJobQueueRepository } from '../src/repositories/db-job-queue.repository.js';
import { manualClock } from './support/clock.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';
import { redisForTests } from './support/redis.js';

const START = '2031-05-06T07:08:09.000Z';
const silent = pino({ level: 'silent' });

type VideoJob = JobPayload<'video.process'>;

/** A promise the test settles by hand, to hold a handler mid-run. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * A `video.process` handler that holds each run until the test releases it (the first two runs), and
 * records the runs started and the most that ran at once.
 */
function heldRuns(registry: JobRegistry) {
  const releases = [deferred(), deferred()];
  const started: number[] = [];
  let runningNow = 0;
  let most = 0;
  registry.register('video.process', {
    run: async ({ videoId }) => {
      runningNow += 1;
      most = Math.max(most, runningNow);
      const release = releases[started.length];
      started.push(videoId);
      await release?.promise;
      runningNow -= 1;
    },
  });
  return { releases, started, mostAtOnce: () => most };
}

describe.each(databaseTargets)('the database job queue on $dialect', (target) => {
  let fresh: FreshDatabase;
  let database: DatabaseHandle;
  let clock: ReturnType<typeof manualClock>;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    fresh = await target.create();
    database = await fresh.open();
  });
  afterAll(async () => {
    await database.destroy();
    await fresh.drop();
  });
  beforeEach(async () => {
    clock = manualClock(START);
    await database.db.deleteFrom('jobs').execute();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** A queue on `handle` with its own registry; the worker starts when the test says so. */
  function queueOn(handle: DatabaseHandle, options: JobBackendOptions & { concurrency?: number } = {}) {
    const repository = new DbJobQueueRepository(handle.db, handle.dialect, clock, {
      maxAttempts: options.maxAttempts ?? 3,
    });
    const registry = new JobRegistry(silent);
    const worker = new DatabaseJobWorker(repository, registry, silent, {
      concurrency: options.concurrency,
      // Long enough that only a wake-up, never a poll, can explain a job run promptly.
      pollMs: options.pollMs ?? 60_000,
      leaseMs: options.leaseMs ?? 30_000,
      backoffMs: options.backoffMs ?? 0,
    });
    closers.push(() => worker.close());
    return { repository, registry, worker };
  }

  async function statusOf(repository: DbJobQueueRepository) {
    return (await repository.list()).map((job) => job.status);
  }

  it('runs an enqueued job at once with the payload parsed by its contract schema', async () => {
    const { repository, registry, worker } = queueOn(database);
    const runs: Array<{ payload: VideoJob; context: JobContext }> = [];
    registry.register('video.process', {
      run: async (payload, context) => {
        runs.push({ payload, context });
      },
    });
    worker.start();
    await repository.enqueue('video.process', { videoId: 7 });

    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
    expect(runs).toEqual([{ payload: { videoId: 7 }, context: { attempt: 1, maxAttempts: 3 } }]);
    expect(await repository.list()).toMatchObject([{ attempts: 1, lockedUntil: null, lastError: null }]);
  });

  it('refuses to enqueue a payload its schema rejects', async () => {
    const { repository } = queueOn(database);
    await expect(repository.enqueue('video.process', { videoId: 0 })).rejects.toThrow();
    expect(await repository.list()).toEqual([]);
  });

  it("takes turns between owners: one owner's long queue does not hold back another's job", async () => {
    const { repository, registry, worker } = queueOn(database);
    const order: number[] = [];
    registry.register('video.process', {
      run: async ({ videoId }) => {
        order.push(videoId);
      },
    });
    // Owner A queues three, each behind A's own earlier ones; then owner B queues one with nothing waiting.
    for (const [videoId, priority] of [
      [1, 0],
      [2, 1],
      [3, 2],
      [10, 0],
    ] as const) {
      await repository.enqueue('video.process', { videoId }, { priority });
    }
    worker.start();
    await vi.waitFor(() => expect(order).toHaveLength(4));
    expect(order).toEqual([1, 10, 2, 3]);
  });

  it('drops a waiting job by its key when asked, and leaves other work alone', async () => {
    const { repository } = queueOn(database);
    await repository.enqueue('video.analyze', { videoId: 5 }, { jobKey: '5' });
    await repository.enqueue('video.process', { videoId: 5 }, { jobKey: '5' });
    await repository.cancel('video.analyze', '5');
    expect((await repository.list()).map((job) => job.name)).toEqual(['video.process']);
  });

  it('queues a job key once while its job waits, and again once it is done', async () => {
    const { repository, registry, worker } = queueOn(database);
    const started: number[] = [];
    registry.register('video.process', {
      run: async ({ videoId }) => {
        started.push(videoId);
      },
    });
    await repository.enqueue('video.process', { videoId: 1 }, { jobKey: 'video-1' });
    await repository.enqueue('video.process', { videoId: 1 }, { jobKey: 'video-1' });
    await repository.enqueue('video.process', { videoId: 2 }, { jobKey: 'video-2' });
    // The same key under another job name is other work.
    await repository.enqueue('video.analyze', { videoId: 1 }, { jobKey: 'video-1' });
    expect((await repository.list()).map((job) => [job.name, job.jobKey])).toEqual([
      ['video.process', 'video-1'],
      ['video.process', 'video-2'],
      ['video.analyze', 'video-1'],
    ]);

    worker.start();
    await vi.waitFor(() => expect(started.sort()).toEqual([1, 2]));
    await vi.waitFor(async () => expect((await repository.list())[0]?.status).toBe('done'));
    await repository.enqueue('video.process', { videoId: 1 }, { jobKey: 'video-1' });
    await vi.waitFor(() => expect(started.sort()).toEqual([1, 1, 2]));
    const jobs = await repository.list();
    expect(jobs).toHaveLength(4);
    expect(jobs[3]).toMatchObject({ name: 'video.process', jobKey: 'video-1' });
  });

  it('runs a key asked for again while its job runs once more after it, never beside it, with the latest request', async () => {
    const { repository, registry, worker } = queueOn(database, { concurrency: 3 });
    const { releases, started, mostAtOnce } = heldRuns(registry);
    worker.start();
    await repository.enqueue('video.process', { videoId: 1 }, { jobKey: 'shared' });
    await vi.waitFor(() => expect(started).toEqual([1]));

    // Asked for twice while it runs: neither starts beside it, and only the latest is kept.
    await repository.enqueue('video.process', { videoId: 2 }, { jobKey: 'shared' });
    await repository.enqueue('video.process', { videoId: 3 }, { jobKey: 'shared' });
    expect(await repository.list()).toHaveLength(1);
    expect(started).toEqual([1]);

    releases[0]?.resolve();
    await vi.waitFor(() => expect(started).toEqual([1, 3]));
    expect(await repository.list()).toMatchObject([{ status: 'running', attempts: 1, payload: { videoId: 3 } }]);
    releases[1]?.resolve();
    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
    expect(started).toEqual([1, 3]);
    expect(mostAtOnce()).toBe(1);
  });

  it("keeps a request made while its job ran through that job's retries and its final failure", async () => {
    const { repository, registry, worker } = queueOn(database, { maxAttempts: 2 });
    const firstTry = deferred();
    const tries: Array<[number, number]> = [];
    const failures: number[] = [];
    registry.register('video.analyze', {
      run: async ({ videoId }, { attempt }) => {
        tries.push([videoId, attempt]);
        if (videoId === 1) {
          if (attempt === 1) await firstTry.promise;
          throw new Error('the disk was full');
        }
      },
      onFailed: async ({ videoId }) => {
        failures.push(videoId);
      },
    });
    worker.start();
    await repository.enqueue('video.analyze', { videoId: 1 }, { jobKey: 'k' });
    await vi.waitFor(() => expect(tries).toEqual([[1, 1]]));
    await repository.enqueue('video.analyze', { videoId: 2 }, { jobKey: 'k' });
    firstTry.resolve();

    // The first job is tried again and fails for good; then the request kept meanwhile runs, with its own tries.
    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
    expect(tries).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(failures).toEqual([1]);
  });

  it('queues a request kept by a job whose worker stopped on its last try, and tells onFailed of the old one', async () => {
    const { repository, registry, worker } = queueOn(database, { maxAttempts: 1 });
    const runs: number[] = [];
    const failures: number[] = [];
    registry.register('video.analyze', {
      run: async ({ videoId }) => {
        runs.push(videoId);
      },
      onFailed: async ({ videoId }) => {
        failures.push(videoId);
      },
    });
    await repository.enqueue('video.analyze', { videoId: 6 }, { jobKey: 'k' });
    await repository.claim(30_000);
    await repository.enqueue('video.analyze', { videoId: 7 }, { jobKey: 'k' });
    clock.advance(31);
    worker.start();

    await vi.waitFor(() => expect(runs).toEqual([7]));
    expect(failures).toEqual([6]);
    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
  });

  it('retries a throwing handler up to the bound, then fails the job with its message and tells onFailed', async () => {
    const { repository, registry, worker } = queueOn(database, { maxAttempts: 3 });
    const tries: number[] = [];
    const failures: Array<{ payload: VideoJob; failure: JobFailureInfo }> = [];
    registry.register('video.analyze', {
      run: async (_payload, { attempt }) => {
        tries.push(attempt);
        throw new Error(`ffmpeg exited with code ${attempt}`);
      },
      onFailed: async (payload, failure) => {
        failures.push({ payload, failure });
      },
    });
    worker.start();
    await repository.enqueue('video.analyze', { videoId: 9 });

    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(tries).toEqual([1, 2, 3]);
    expect(failures).toEqual([
      { payload: { videoId: 9 }, failure: { error: 'ffmpeg exited with code 3', attempts: 3 } },
    ]);
    expect(await repository.list()).toMatchObject([
      { status: 'failed', attempts: 3, maxAttempts: 3, lastError: 'ffmpeg exited with code 3', lockedUntil: null },
    ]);
  });

  it('waits out the backoff before the next try', async () => {
    const { repository, registry, worker } = queueOn(database, { backoffMs: 10_000, pollMs: 5 });
    const tries: number[] = [];
    registry.register('video.process', {
      run: async (_payload, { attempt }) => {
        tries.push(attempt);
        if (attempt === 1) throw new Error('the disk was full');
      },
    });
    worker.start();
    await repository.enqueue('video.process', { videoId: 3 });

    await vi.waitFor(async () => expect(await repository.list()).toMatchObject([{ status: 'queued', attempts: 1 }]));
    const [waiting] = await repository.list();
    expect(waiting?.runAfter).toBe(new Date(Date.parse(START) + 10_000).toISOString());
    expect(waiting?.lastError).toBe('the disk was full');
    expect(await repository.claim(1000)).toBeUndefined();

    clock.advance(10);
    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
    expect(tries).toEqual([1, 2]);
  });

  it('fails a job whose handler says another try cannot help, at once', async () => {
    const { repository, registry, worker } = queueOn(database);
    let tries = 0;
    registry.register('video.process', {
      run: async () => {
        tries += 1;
        throw new PermanentJobError('the video was deleted');
      },
    });
    worker.start();
    await repository.enqueue('video.process', { videoId: 4 });

    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['failed']));
    expect(tries).toBe(1);
    expect(await repository.list()).toMatchObject([{ attempts: 1, lastError: 'the video was deleted' }]);
  });

  it('resumes a job whose worker stopped mid-run once its lease runs out', async () => {
    const { repository, registry, worker } = queueOn(database, { leaseMs: 30_000 });
    await repository.enqueue('video.process', { videoId: 5 });
    // A worker claims the job and dies with it: nothing renews or ends the claim.
    const lost = await repository.claim(30_000);
    expect(lost).toMatchObject({ name: 'video.process', attempts: 1 });
    expect(await repository.claim(30_000)).toBeUndefined();

    const runs: JobContext[] = [];
    registry.register('video.process', {
      run: async (_payload, context) => {
        runs.push(context);
      },
    });
    clock.advance(31);
    worker.start();

    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['done']));
    expect(runs).toEqual([{ attempt: 2, maxAttempts: 3 }]);
    // The stopped worker's claim is void: it can no longer change the job.
    if (!lost) throw new Error('no job was claimed');
    expect(await repository.fail(lost, 'late')).toBe(false);
    expect(await repository.list()).toMatchObject([{ status: 'done', attempts: 2, lastError: null }]);
  });

  it('fails a job interrupted on its last try, and tells onFailed, instead of trying it once more', async () => {
    const { repository, registry, worker } = queueOn(database, { maxAttempts: 1 });
    const failures: JobFailureInfo[] = [];
    let tries = 0;
    registry.register('video.analyze', {
      run: async () => {
        tries += 1;
      },
      onFailed: async (_payload, failure) => {
        failures.push(failure);
      },
    });
    await repository.enqueue('video.analyze', { videoId: 6 });
    await repository.claim(30_000);
    clock.advance(31);
    worker.start();

    await vi.waitFor(() => expect(failures).toEqual([{ error: ABANDONED_ERROR, attempts: 1 }]));
    expect(tries).toBe(0);
    expect(await repository.list()).toMatchObject([{ status: 'failed', attempts: 1, lastError: ABANDONED_ERROR }]);
  });

  it('fails a malformed payload at once, without running the handler or retrying', async () => {
    const { repository, registry, worker } = queueOn(database);
    let tries = 0;
    registry.register('video.process', {
      run: async () => {
        tries += 1;
      },
    });
    // As an older or broken producer might have written it.
    await database.db
      .insertInto('jobs')
      .values({
        name: 'video.process',
        payload_json: JSON.stringify({ videoId: 'seven' }),
        status: 'queued',
        max_attempts: 3,
        run_after: START,
        created_at: START,
        updated_at: START,
      })
      .execute();
    worker.start();

    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['failed']));
    expect(tries).toBe(0);
    const [job] = await repository.list();
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toContain('The payload of job "video.process" does not match its schema');
  });

  it('fails a job that has no handler, saying so', async () => {
    const { repository, worker } = queueOn(database);
    worker.start();
    await repository.enqueue('video.analyze', { videoId: 8 });

    await vi.waitFor(async () => expect(await statusOf(repository)).toEqual(['failed']));
    expect(await repository.list()).toMatchObject([
      { attempts: 1, lastError: 'No handler is registered for job "video.analyze".' },
    ]);
  });

  it('never gives one job to two claims made at once from two connections', async () => {
    const other = await fresh.open({ migrate: false });
    closers.push(() => other.destroy());
    const a = queueOn(database).repository;
    const b = queueOn(other).repository;
    for (let videoId = 1; videoId <= 20; videoId++) await a.enqueue('video.process', { videoId });

    const claims = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? a : b).claim(30_000)));
    const ids = claims.flatMap((claim) => (claim ? [claim.id] : []));
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('runs each job once with two workers on one database', async () => {
    const other = await fresh.open({ migrate: false });
    closers.push(() => other.destroy());
    const runs = new Map<number, number>();
    const queues = [queueOn(database, { concurrency: 3 }), queueOn(other, { concurrency: 3 })];
    for (const { registry } of queues) {
      registry.register('video.process', {
        run: async ({ videoId }) => {
          runs.set(videoId, (runs.get(videoId) ?? 0) + 1);
          // Let the other worker's claims interleave with this run.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
    }
    const [first] = queues;
    if (!first) throw new Error('no queue');
    for (let videoId = 1; videoId <= 40; videoId++) await first.repository.enqueue('video.process', { videoId });
    for (const { worker } of queues) worker.start();

    await vi.waitFor(async () => expect(new Set(await statusOf(first.repository))).toEqual(new Set(['done'])), {
      timeout: 10_000,
    });
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});

describe.each(databaseTargets)('the in-process worker of the app on $dialect', (target) => {
  it('runs jobs with the handlers the app registers, and lets a running job finish when the app closes', async () => {
    const fresh = await target.create();
    const config = loadConfig(
      { DATA_DIR: fresh.dataDir, LOG_LEVEL: 'silent' },
      { cwd: fresh.dataDir, webDistDir: path.join(fresh.dataDir, 'no-web-app') },
    );
    const database = await fresh.open();
    const clock: Clock = manualClock(START);
    const release = deferred();
    const started: number[] = [];
    const app = await buildApp({
      config,
      database,
      secrets: await loadSecrets(config.dataDir, config.tokenSigningKey),
      clock,
      jobOptions: { pollMs: 5 },
      jobHandlers: (registry) =>
        registry.register('video.process', {
          run: async ({ videoId }) => {
            started.push(videoId);
            await release.promise;
          },
        }),
    });
    let closed = false;
    try {
      await app.ready();
      // Another process's enqueue: only the poll finds it.
      const producer = new DbJobQueueRepository(database.db, database.dialect, clock);
      await producer.enqueue('video.process', { videoId: 11 });
      await vi.waitFor(() => expect(started).toEqual([11]));

      const closing = app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      const [running] = await producer.list();
      expect(running?.status).toBe('running');
      release.resolve();
      await closing;
      expect(closed).toBe(true);
    } finally {
      release.resolve();
      if (!closed) await app.close();
    }
    const reopened = await fresh.open({ migrate: false });
    try {
      const rows = await reopened.db.selectFrom('jobs').select(['status', 'attempts']).execute();
      expect(rows).toEqual([{ status: 'done', attempts: 1 }]);
    } finally {
      await reopened.destroy();
      await fresh.drop();
    }
  });
});

const redisUrl = redisForTests('BullMQ job queue tests');

// Runs only with a Redis; redisForTests printed the reason when there is none.
describe.runIf(redisUrl)('the BullMQ job queue', () => {
  const url = redisUrl ?? '';
  const closers: Array<() => Promise<void>> = [];
  /** Keys of this test only, so tests and runs side by side never meet, and none leaves keys behind. */
  let prefix = '';

  beforeEach(() => {
    prefix = `openmat-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    const queue = new Queue('jobs', { connection: { url }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  function queueWith(registry: JobRegistry, options: { start?: boolean } = {}) {
    const queue = new BullmqJobQueue({ redisUrl: url, prefix, maxAttempts: 3, backoffMs: 0 }, silent);
    closers.push(() => queue.close());
    const start = () => {
      const worker = queue.consume(registry);
      closers.push(() => worker.close());
    };
    if (options.start ?? true) start();
    return { queue, start };
  }

  it('is what the app uses when REDIS_URL is set, and runs a job with its parsed payload', async () => {
    const fresh = await databaseTargets[0]?.create();
    if (!fresh) throw new Error('no database target');
    const database = await fresh.open();
    closers.push(async () => {
      await database.destroy();
      await fresh.drop();
    });
    const backend = createJobBackend(
      { config: { redisUrl: url }, database, clock: manualClock(START), log: silent },
      { redisPrefix: prefix, backoffMs: 0 },
    );
    closers.push(() => backend.close());
    expect(backend.kind).toBe('bullmq');
    const registry = new JobRegistry(silent);
    const runs: Array<{ payload: VideoJob; context: JobContext }> = [];
    registry.register('video.process', {
      run: async (payload, context) => {
        runs.push({ payload, context });
      },
    });
    const worker = backend.startWorker(registry);
    closers.push(() => worker.close());
    await backend.queue.enqueue('video.process', { videoId: 21 });

    await vi.waitFor(() =>
      expect(runs).toEqual([{ payload: { videoId: 21 }, context: { attempt: 1, maxAttempts: 3 } }]),
    );
  });

  it('takes turns between owners, and drops a waiting job by its key', async () => {
    const registry = new JobRegistry(silent);
    const order: number[] = [];
    registry.register('video.process', {
      run: async ({ videoId }) => {
        order.push(videoId);
      },
    });
    const { queue, start } = queueWith(registry, { start: false });
    for (const [videoId, priority] of [
      [1, 0],
      [2, 1],
      [3, 2],
      [10, 0],
    ] as const) {
      await queue.enqueue('video.process', { videoId }, { priority, jobKey: String(videoId) });
    }
    await queue.enqueue('video.process', { videoId: 4 }, { priority: 3, jobKey: '4' });
    await queue.cancel('video.process', '4');
    start();
    await vi.waitFor(() => expect(order).toHaveLength(4));
    expect(order).toEqual([1, 10, 2, 3]);
  });

  it('queues a job key once while its job waits, and again once it is done', async () => {
    const registry = new JobRegistry(silent);
    const runs: number[] = [];
    registry.register('video.analyze', {
      run: async ({ videoId }) => {
        runs.push(videoId);
      },
    });
    const { queue, start } = queueWith(registry, { start: false });
    const raw = new Queue('jobs', { connection: { url }, prefix });
    closers.push(() => raw.close());
    await queue.enqueue('video.analyze', { videoId: 22 }, { jobKey: 'video:22' });
    await queue.enqueue('video.analyze', { videoId: 22 }, { jobKey: 'video:22' });
    await queue.enqueue('video.analyze', { videoId: 23 }, { jobKey: 'video:23' });
    expect(await raw.getJobCounts('waiting')).toEqual({ waiting: 2 });
    start();
    await vi.waitFor(async () => expect(await raw.getJobCounts('completed')).toEqual({ completed: 2 }));
    expect(runs.sort()).toEqual([22, 23]);

    await queue.enqueue('video.analyze', { videoId: 22 }, { jobKey: 'video:22' });
    await vi.waitFor(() => expect(runs.sort()).toEqual([22, 22, 23]));
  });

  it('runs a key asked for again while its job runs once more after it, never beside it, with the latest request', async () => {
    const registry = new JobRegistry(silent);
    const { releases, started, mostAtOnce } = heldRuns(registry);
    const queue = new BullmqJobQueue({ redisUrl: url, prefix, maxAttempts: 3, backoffMs: 0 }, silent);
    closers.push(() => queue.close());
    const worker = queue.consume(registry, { concurrency: 3 });
    closers.push(() => worker.close());
    await queue.enqueue('video.process', { videoId: 1 }, { jobKey: 'shared' });
    await vi.waitFor(() => expect(started).toEqual([1]));

    await queue.enqueue('video.process', { videoId: 2 }, { jobKey: 'shared' });
    await queue.enqueue('video.process', { videoId: 3 }, { jobKey: 'shared' });
    releases[0]?.resolve();
    await vi.waitFor(() => expect(started).toEqual([1, 3]));
    releases[1]?.resolve();
    const raw = new Queue('jobs', { connection: { url }, prefix });
    closers.push(() => raw.close());
    await vi.waitFor(async () => expect(await raw.getJobCounts('completed')).toEqual({ completed: 2 }));
    expect(started).toEqual([1, 3]);
    expect(mostAtOnce()).toBe(1);
  });

  it('retries a throwing handler up to the bound, then fails the job and tells onFailed', async () => {
    const registry = new JobRegistry(silent);
    const tries: number[] = [];
    const failures: Array<{ payload: VideoJob; failure: JobFailureInfo }> = [];
    registry.register('video.analyze', {
      run: async (_payload, { attempt }) => {
        tries.push(attempt);
        throw new Error(`the pose model failed (${attempt})`);
      },
      onFailed: async (payload, failure) => {
        failures.push({ payload, failure });
      },
    });
    const { queue } = queueWith(registry);
    await queue.enqueue('video.analyze', { videoId: 23 });

    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(tries).toEqual([1, 2, 3]);
    expect(failures).toEqual([
      { payload: { videoId: 23 }, failure: { error: 'the pose model failed (3)', attempts: 3 } },
    ]);
  });

  it('fails a malformed payload at once, without running the handler', async () => {
    const registry = new JobRegistry(silent);
    let tries = 0;
    registry.register('video.process', {
      run: async () => {
        tries += 1;
      },
    });
    queueWith(registry);
    const raw = new Queue('jobs', { connection: { url }, prefix });
    closers.push(() => raw.close());
    const added = await raw.add('video.process', { videoId: 'seven' }, { attempts: 3 });

    await vi.waitFor(async () => expect(await added.getState()).toBe('failed'));
    const job = await Job.fromId(raw, added.id ?? '');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toContain('The payload of job "video.process" does not match its schema');
    expect(tries).toBe(0);
  });
});
