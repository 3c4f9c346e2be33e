/**
 * The lock of a resumable upload shared by every API instance through Redis
 * (docs/decisions/0021-resumable-uploads-with-tus.md). tus allows one request at a time per upload;
 * a client that reconnects while its old request still holds the lock asks the holder to let go, as
 * `@tus/server`'s in-process MemoryLocker does, but across instances: by a Redis message.
 *
 * A lock is a key set with NX and an expiry that its holder renews, so a crashed instance frees its
 * uploads within the expiry; it is released only by the token that took it.
 */
import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { ERRORS } from '@tus/utils';
import type { Redis } from 'ioredis';
import { isDependencyUnavailable } from '../lib/unavailable.js';
import { TusError } from './resumable-upload.repository.js';

/** Redis away: the request is answered 503 (with Retry-After, see resumable-upload.repository.ts), never 500. */
function unavailable(error: unknown): never {
  if (isDependencyUnavailable(error)) throw new TusError(503, JSON.stringify({ message: 'Redis is unavailable' }));
  throw error;
}

/** Deletes the key only while it still holds our token. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Extends the key's expiry only while it still holds our token. */
const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export class RedisUploadLocker implements Locker {
  /** Release requests this instance listens for: lock key → the holder's release. */
  private readonly holders = new Map<string, RequestRelease>();
  private readonly ready: Promise<unknown>;

  constructor(
    private readonly redis: Redis,
    /** A connection of its own: a subscribed Redis connection can do nothing else. */
    private readonly subscriber: Redis,
    private readonly prefix: string,
    // A killed holder frees its uploads within the expiry, well before another instance gives up waiting.
    private readonly options = { expiryMs: 10_000, acquireTimeoutMs: 30_000, retryMs: 50 },
  ) {
    this.subscriber.on('message', (channel: string, key: string) => {
      if (channel === this.channel) void this.holders.get(key)?.();
    });
    // A subscription that fails (Redis away at start) is made again by ioredis when Redis is back.
    this.ready = this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  private get channel(): string {
    return `${this.prefix}:upload-lock:release`;
  }

  newLock(id: string): Lock {
    const key = `${this.prefix}:upload-lock:${id}`;
    const token = randomUUID();
    let renewal: ReturnType<typeof setInterval> | undefined;
    return {
      lock: async (stop: AbortSignal, release: RequestRelease) => {
        await this.ready.catch(unavailable);
        const deadline = new AbortController();
        const timer = setTimeout(() => deadline.abort(), this.options.acquireTimeoutMs);
        const onStop = () => deadline.abort();
        stop.addEventListener('abort', onStop);
        try {
          let asked = false;
          while (!deadline.signal.aborted) {
            const taken = await this.redis.set(key, token, 'PX', this.options.expiryMs, 'NX').catch(unavailable);
            if (taken === 'OK') {
              this.holders.set(key, release);
              renewal = setInterval(() => {
                // A failed renewal (Redis unreachable) lets the lock lapse, which is what a lost holder should do.
                this.redis.eval(RENEW, 1, key, token, String(this.options.expiryMs)).catch(() => undefined);
              }, this.options.expiryMs / 3);
              renewal.unref();
              return;
            }
            // Someone holds it (perhaps the same client's dropped request, on any instance): ask once.
            if (!asked) {
              await this.redis.publish(this.channel, key).catch(unavailable);
              asked = true;
            }
            await delay(this.options.retryMs, deadline.signal);
          }
          // The upload is busy: 503 with Retry-After (the client tries again), not tus's 500.
          throw new TusError(503, ERRORS.ERR_LOCK_TIMEOUT.body);
        } finally {
          clearTimeout(timer);
          stop.removeEventListener('abort', onStop);
        }
      },
      unlock: async () => {
        clearInterval(renewal);
        this.holders.delete(key);
        // Redis away: the lock lapses by its expiry.
        await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
      },
    };
  }
}
