import type { Services } from '../services/services.js';
import { AnalysisImpossible } from '../services/analysis.service.js';
import { PermanentFailure } from '../services/video.service.js';
import { PermanentJobError, type JobRegistry } from './registry.js';

/**
 * Registers every job's handler, for the API's in-process worker and for `worker.ts` alike. Each job of
 * the contract gets its handler here in the change that writes it; a job with none fails at once with
 * "No handler is registered", so it is never silently dropped or retried in vain.
 */
export function registerJobHandlers(registry: JobRegistry, services: Services): void {
  registry.register('video.process', {
    // The poster and the browser-playable copy; a video deleted meanwhile is skipped.
    run: async ({ videoId }) => {
      try {
        await services.videos.process(videoId);
      } catch (error) {
        if (error instanceof PermanentFailure) throw new PermanentJobError(error.message);
        throw error;
      }
    },
    // Out of tries: the list stops waiting for a poster, and the source still plays where it can.
    onFailed: ({ videoId }) => services.videos.processingFailed(videoId),
  });
  registry.register('video.analyze', {
    run: async ({ videoId }) => {
      try {
        await services.analysis.run(videoId);
      } catch (error) {
        // A file that does not decode will not decode on the next try either.
        if (error instanceof AnalysisImpossible) throw new PermanentJobError(error.message);
        throw error;
      }
    },
    // Out of tries: the uploader and those it was shared with are told it failed.
    onFailed: ({ videoId }) => services.analysis.failed(videoId),
  });
  // The position model learns from the coaches' corrections (ADR 0028); the next correction asks again.
  registry.register('positions.adapt', { run: () => services.adaptation.refit() });
  // The weekly schedule's sessions of the coming weeks; idempotent, so a retry or a second worker is harmless.
  registry.register('schedule.generate', {
    run: async ({ recurringClassId }) => {
      await services.schedule.generate(recurringClassId);
    },
  });
}
