import { z } from 'zod';
import { Id } from './primitives.js';

/**
 * The background jobs, by name, and the payload each carries. Services enqueue them and the server's
 * job registry parses every payload with its schema here before a handler sees it, so a job written by
 * an older or broken producer fails with a clear message instead of running on bad data.
 */
export const JobName = z.enum(['video.process', 'video.analyze', 'positions.adapt', 'schedule.generate']);
export type JobName = z.infer<typeof JobName>;

/** A job about one uploaded video. */
const VideoJob = z.object({ videoId: Id });

const payloadSchemas = {
  /** The poster image and, when the upload does not play in browsers, a browser-playable copy. */
  'video.process': VideoJob,
  /** The analysis of an uploaded video: positions, techniques and findings. */
  'video.analyze': VideoJob,
  /** A refit of the installation's position adaptation from the coaches' corrections (ADR 0028). */
  'positions.adapt': z.object({}),
  /** The sessions of the coming weeks, of one recurring class or (without an id) of every class. */
  'schedule.generate': z.object({ recurringClassId: Id.optional() }),
} satisfies Record<JobName, z.ZodType>;

/** Each job's payload, by job name. */
export type JobPayloads = { [N in JobName]: z.infer<(typeof payloadSchemas)[N]> };
export type JobPayload<N extends JobName> = JobPayloads[N];

/**
 * The schema of each job's payload. Typed as a mapped type so that `JobPayloadSchemas[name]` of a generic
 * name parses to that name's payload type.
 */
export const JobPayloadSchemas: { readonly [N in JobName]: z.ZodType<JobPayload<N>> } = payloadSchemas;
