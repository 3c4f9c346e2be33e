import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisUploadLocker } from '../src/repositories/redis-upload-lock.repository.js';
import { redisForTests } from './support/redis.js';

const url = redisForTests('The shared upload lock tests');

// Runs only with a Redis; redisForTests printed the reason when there is none.
describe.runIf(url)('the resumable-upload lock shared through Redis', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(url ?? '');
    connections.push(redis);
    return redis;
  };
  const prefix = `openmat-test-${randomUUID()}`;
  /** Two API instances, each with its own connections, as in production. */
  const instanceA = new RedisUploadLocker(connect(), connect(), prefix, {
    expiryMs: 600,
    acquireTimeoutMs: 3000,
    retryMs: 10,
  });
  const instanceB = new RedisUploadLocker(connect(), connect(), prefix, {
    expiryMs: 600,
    acquireTimeoutMs: 3000,
    retryMs: 10,
  });
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });

  it('lets one request at a time hold an upload, across instances: the newcomer asks the holder to let go', async () => {
    const held = instanceA.newLock('upload-1');
    let asked = 0;
    await held.lock(new AbortController().signal, async () => {
      asked += 1;
      await held.unlock();
    });
    const next = instanceB.newLock('upload-1');
    // B waits until A, asked through Redis, releases; then B holds it.
    await next.lock(new AbortController().signal, () => undefined);
    expect(asked).toBe(1);
    await next.unlock();
  });

  it('frees the upload of an instance that died holding it, once the lock expires', async () => {
    // An instance that takes the lock and then loses Redis, as a crashed process would: it never renews.
    const doomedRedis = new Redis(url ?? '');
    const doomed = new RedisUploadLocker(doomedRedis, connect(), prefix, {
      expiryMs: 300,
      acquireTimeoutMs: 3000,
      retryMs: 10,
    });
    await doomed.newLock('upload-2').lock(new AbortController().signal, () => undefined);
    doomedRedis.disconnect();
    const next = instanceB.newLock('upload-2');
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
  });

  it('gives up with a 503 (try again later) when the holder never lets go', async () => {
    const stubborn = instanceA.newLock('upload-3');
    await stubborn.lock(new AbortController().signal, () => undefined);
    const impatient = new RedisUploadLocker(connect(), connect(), prefix, {
      expiryMs: 5000,
      acquireTimeoutMs: 100,
      retryMs: 10,
    });
    await expect(
      impatient.newLock('upload-3').lock(new AbortController().signal, () => undefined),
    ).rejects.toMatchObject({
      status_code: 503,
    });
    await stubborn.unlock();
  });
});
