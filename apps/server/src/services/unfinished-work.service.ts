import type { JobName } from '@openmat/contract/jobs';
import type { Clock } from '../lib/clock.js';
import type { AnalysisRepository } from '../repositories/analysis.repository.js';
import type { JobOutboxRepository } from '../repositories/job-outbox.repository.js';
import type { VideoRepository } from '../repositories/video.repository.js';
import { videoJobKeys } from './job-keys.js';
import type { JobQueue } from './job-queue.js';

/** Rows looked at per kind and sweep; more wait for the next sweep. */
const BATCH = 100;

export interface UnfinishedWorkSettings {
  /**
   * How long work may go without a job before it is queued again (default 120 s): the outbox's relay
   * and the queue have had their chance by then.
   */
  graceSeconds?: number;
}

/**
 * Work the database says is under way but no queue holds a job for (docs/decisions/0019-durable-jobs.md,
 * "work left without a job"): a video still waiting for its poster, an analysis still queued or running.
 * That happens when a worker dies between the queue recording a job's final failure and its handler
 * telling the video or analysis, or when Redis lost its jobs (it keeps nothing on disk). Such work is
 * queued again, under its own key, so it ends one way or the other instead of waiting for ever.
 */
export class UnfinishedWorkService {
  private readonly graceMs: number;

  constructor(
    private readonly videos: Pick<VideoRepository, 'pendingBefore'>,
    private readonly analyses: Pick<AnalysisRepository, 'unfinishedBefore'>,
    private readonly outbox: Pick<JobOutboxRepository, 'holds'>,
    private readonly jobs: Pick<JobQueue, 'has' | 'enqueue'>,
    private readonly clock: Clock,
    private readonly log: { warn(details: object, message: string): void },
    settings: UnfinishedWorkSettings = {},
  ) {
    this.graceMs = Math.max(0, settings.graceSeconds ?? 120) * 1000;
  }

  /** Queues again the work left without a job; answers how much. */
  async requeue(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.graceMs).toISOString();
    let queued = 0;
    for (const videoId of await this.videos.pendingBefore(cutoff, BATCH)) {
      if (await this.orphaned('video.process', videoJobKeys.process(videoId))) {
        await this.jobs.enqueue('video.process', { videoId }, { jobKey: videoJobKeys.process(videoId) });
        this.log.warn({ job: 'video.process', videoId }, 'a video had no job for its poster; it was queued again');
        queued += 1;
      }
    }
    for (const videoId of await this.analyses.unfinishedBefore(cutoff, BATCH)) {
      if (await this.orphaned('video.analyze', videoJobKeys.analyze(videoId))) {
        await this.jobs.enqueue('video.analyze', { videoId }, { jobKey: videoJobKeys.analyze(videoId) });
        this.log.warn({ job: 'video.analyze', videoId }, 'an analysis had no job; it was queued again');
        queued += 1;
      }
    }
    return queued;
  }

  /**
   * Neither in the outbox nor in the queue. Asked in this order: the relay removes a row only after the
   * queue took its job, so a job is always seen in one of the two.
   */
  private async orphaned(name: JobName, jobKey: string): Promise<boolean> {
    if (await this.outbox.holds(name, jobKey)) return false;
    return !(await this.jobs.has(name, jobKey));
  }
}
