/**
 * The keys of a video's jobs, in one place: the service that queues a job, the one that cancels it and
 * the one that looks for work left without a job (unfinished-work.service.ts) must name it alike.
 */
export const videoJobKeys = {
  process: (videoId: number) => `video.process:${videoId}`,
  analyze: (videoId: number) => String(videoId),
} as const;
