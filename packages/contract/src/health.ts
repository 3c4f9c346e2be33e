import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** One dependency's state, for the readiness probe: `reason` says what is wrong when it is not ok. */
export const ReadinessCheck = z.object({ ok: z.boolean(), reason: z.string().optional() });
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

/**
 * `/api/health/ready`: 200 when every dependency this instance needs answers (the database, Redis when
 * configured, the video storage) and the schema is current; 503 with the same body otherwise.
 */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), ReadinessCheck),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
