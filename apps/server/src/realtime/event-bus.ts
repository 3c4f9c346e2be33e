import { DomainEvent } from '@openmat/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { parseJson } from '../lib/parse-json.js';
import type { EventPublisher } from '../services/event-publisher.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** Where this process's hubs take events in; null in a process without hubs (a worker). */
export interface LocalHubs {
  deliver(event: DomainEvent): number;
}

export interface EventBusOptions {
  redisUrl: string | null;
  /** Namespaces the backplane's channel (default `openmat`); tests use one of their own per run. */
  channelPrefix?: string;
}

/** The app's `EventPublisher` and the connections behind it. */
export interface EventBus {
  publisher: EventPublisher;
  /** Connects to Redis and, in a process with hubs, subscribes; events published before are lost. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Picks how events travel (docs/decisions/0018-signalr-hubs-by-hand.md):
 * - without Redis, straight to this process's hubs;
 * - with Redis, over one pub/sub channel that every API instance subscribes to, so an event published
 *   anywhere (an API instance, a worker) reaches the user on whichever instance holds their connection;
 * - without Redis and without hubs (a worker process on its own), nowhere: no connection could be there.
 * A failed publish is logged, not thrown: the event reports something already stored.
 */
export function createEventBus(options: EventBusOptions, hubs: LocalHubs | null, log: Log): EventBus {
  if (options.redisUrl) {
    const backplane = new RedisBackplane(options.redisUrl, options.channelPrefix ?? 'openmat', log);
    return {
      publisher: {
        publish: (event) =>
          backplane.publish(event).catch((error: unknown) => {
            log.warn({ err: error, event: event.type }, 'could not publish a real-time event to Redis');
          }),
      },
      start: () => backplane.start(hubs ? (event) => hubs.deliver(event) : null),
      close: () => backplane.close(),
    };
  }
  return {
    publisher: {
      publish: async (event) => {
        hubs?.deliver(event);
      },
    },
    start: async () => {},
    close: async () => {},
  };
}

/**
 * The Redis pub/sub backplane: a publisher connection, and in a process with hubs a subscriber
 * connection (a subscribed Redis connection can do nothing else). One channel carries every event as
 * JSON; each instance delivers to the connections it holds, which for most users is none.
 */
export class RedisBackplane {
  readonly channel: string;
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;

  constructor(
    private readonly redisUrl: string,
    prefix: string,
    private readonly log: Log,
  ) {
    this.channel = `${prefix}:realtime`;
    // Without an offline queue a publish fails at once while Redis is away, instead of piling up.
    this.publisher = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false });
    this.publisher.on('error', (error) => this.log.warn({ err: error }, 'the real-time publisher lost Redis'));
  }

  async start(onEvent: ((event: DomainEvent) => void) | null): Promise<void> {
    await this.publisher.connect();
    if (!onEvent) return;
    const subscriber = new Redis(this.redisUrl, { lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('error', (error) => this.log.warn({ err: error }, 'the real-time subscriber lost Redis'));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const json = parseJson(message);
      const event = json.ok ? DomainEvent.safeParse(json.value) : null;
      if (!event?.success) {
        this.log.warn({ channel }, 'ignored a real-time event that does not match the contract');
        return;
      }
      onEvent(event.data);
    });
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(this.channel);
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    await Promise.all([quit(this.publisher), this.subscriber ? quit(this.subscriber) : undefined]);
  }
}

/** QUIT when connected; otherwise stop reconnecting at once. */
async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit();
  } else {
    redis.disconnect();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's publisher of domain events, the one its services were given (tests publish through it). */
    domainEvents: EventPublisher;
  }
}
