import type { DomainEvent } from '@openmat/contract/realtime';

/**
 * Where services put their news (`video.shared`, `analysis.*`). The wiring decides where it goes: this
 * process's hubs, a Redis backplane that reaches every API instance, or nowhere in a worker process
 * without Redis. Services never import the hubs (docs/decisions/0018-signalr-hubs-by-hand.md).
 *
 * Delivery is best effort: the app's publisher logs a failure instead of throwing, because the share
 * or the analysis it reports is already stored and listed; a missed banner is not a failed request.
 */
export interface EventPublisher {
  publish(event: DomainEvent): Promise<void>;
}
