import { performance } from 'node:perf_hooks';
import { JobPayloadSchemas, type JobName, type JobPayload } from '@openmat/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** What a handler knows of the try it runs. */
export interface JobContext {
  /** This try, from 1. */
  attempt: number;
  maxAttempts: number;
}

/** How a job ended for good, for its handler's `onFailed`. */
export interface JobFailureInfo {
  /** The last try's error message. */
  error: string;
  attempts: number;
}

/** The handler of one job name: `run` does the work, and calls services, never repositories. */
export interface JobHandler<N extends JobName> {
  /** One try. A throw is retried until the job's tries run out; a PermanentJobError is not retried. */
  run(payload: JobPayload<N>, context: JobContext): Promise<void>;
  /** Told once, after the last try failed, so the app can tell whoever waits for the result. */
  onFailed?(payload: JobPayload<N>, failure: JobFailureInfo): Promise<void>;
}

/** A failure that another try cannot mend (the thing to work on is gone, say): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** One try of a job as a queue hands it over: the payload is unchecked. */
export interface JobRun {
  /** The queue's id of the job, for the log. */
  id?: string;
  name: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

/** How a try ended; `retry: false` fails the job whatever tries are left. */
export type JobOutcome = { ok: true } | { ok: false; error: string; retry: boolean };

/** A job that has failed for good. */
export interface JobFailure {
  name: string;
  payload: unknown;
  error: string;
  attempts: number;
}

/** What a queue's worker hands its jobs to; the registry is one. */
export interface JobRunner {
  /** Runs one try; never throws. */
  execute(run: JobRun): Promise<JobOutcome>;
  /** Tells the job's handler that it failed for good; never throws. */
  failed(failure: JobFailure): Promise<void>;
}

interface RegisteredHandler {
  execute(payload: unknown, context: JobContext): Promise<JobOutcome>;
  failed(payload: unknown, failure: JobFailureInfo): Promise<void>;
}

/**
 * The one registry of job handlers, typed from the contract: the queue hands over a name and an
 * unchecked payload, and the registry parses the payload with the contract's schema before the handler
 * sees it. A job with no handler, or whose payload does not parse, fails without retry and says why.
 */
export class JobRegistry implements JobRunner {
  private readonly handlers = new Map<string, RegisteredHandler>();

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    /** Told of every try's outcome and duration (the metrics). */
    private readonly observe: (outcome: { name: string; seconds: number; ok: boolean }) => void = () => undefined,
  ) {}

  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.handlers.has(name)) throw new Error(`Job "${name}" has a handler already.`);
    const schema = JobPayloadSchemas[name];
    this.handlers.set(name, {
      execute: async (raw, context) => {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          return {
            ok: false,
            retry: false,
            error: `The payload of job "${name}" does not match its schema: ${z.prettifyError(parsed.error)}`,
          };
        }
        try {
          await handler.run(parsed.data, context);
          return { ok: true };
        } catch (error) {
          return { ok: false, retry: !(error instanceof PermanentJobError), error: errorMessage(error) };
        }
      },
      failed: async (raw, failure) => {
        const parsed = schema.safeParse(raw);
        if (parsed.success && handler.onFailed) await handler.onFailed(parsed.data, failure);
      },
    });
  }

  async execute(run: JobRun): Promise<JobOutcome> {
    const handler = this.handlers.get(run.name);
    if (!handler) {
      return { ok: false, retry: false, error: `No handler is registered for job "${run.name}".` };
    }
    // Each try's start, end and failure, with the job's id and the video it is about.
    const about = { job: run.name, jobId: run.id, ...subjectOf(run.payload), attempt: run.attempt };
    const started = performance.now();
    this.log.info(about, 'a job started');
    const outcome = await handler.execute(run.payload, { attempt: run.attempt, maxAttempts: run.maxAttempts });
    const seconds = Math.round(performance.now() - started) / 1000;
    this.observe({ name: run.name, seconds, ok: outcome.ok });
    if (outcome.ok) this.log.info({ ...about, seconds }, 'a job ended');
    else {
      this.log.warn({ ...about, seconds, maxAttempts: run.maxAttempts, error: outcome.error }, 'a job try failed');
    }
    return outcome;
  }

  async failed(failure: JobFailure): Promise<void> {
    this.log.error({ job: failure.name, attempts: failure.attempts, error: failure.error }, 'a job failed for good');
    try {
      await this.handlers.get(failure.name)?.failed(failure.payload, {
        error: failure.error,
        attempts: failure.attempts,
      });
    } catch (error) {
      this.log.error({ job: failure.name, err: error }, "a job's failure handler threw");
    }
  }
}

/** What a payload is about, for the log: its video id, when it has one. */
function subjectOf(payload: unknown): { videoId?: number } {
  const parsed = z.object({ videoId: z.number() }).safeParse(payload);
  return parsed.success ? { videoId: parsed.data.videoId } : {};
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
