import { createHash } from 'node:crypto';
import type { PoseDetector, RollFrame } from '../../src/analysis/pipeline.js';
import type { Skeleton } from '../../src/analysis/skeleton.js';
import { createPoseEstimator, type PoseEstimator } from '../../src/repositories/pose.repository.js';

/**
 * The real pose model, which answers a frame it has already seen from memory: for a test file that
 * analyses the same clip many times over to check what happens around the analysis (a vision model's
 * answers, retries, a crash). The first analysis of each frame runs the model for real; the model gives
 * the same people for the same pixels, so the later ones see exactly what the model would have said.
 */
export interface RememberedPose {
  /** For `createTestApp({ poseDetector })`. */
  detector: () => Promise<PoseDetector>;
  close(): Promise<void>;
}

export function rememberedPose(): RememberedPose {
  let estimator: Promise<PoseEstimator> | null = null;
  const seen = new Map<string, Promise<readonly Skeleton[]>>();
  const load = () => (estimator ??= createPoseEstimator(1));
  const key = (frame: RollFrame, focus?: Skeleton['box']) =>
    createHash('sha1')
      .update(`${frame.width}x${frame.height} ${JSON.stringify(focus ?? null)} `)
      .update(frame.rgb)
      .digest('hex');
  return {
    async detector() {
      const model = await load();
      return {
        name: model.name,
        version: model.version,
        concurrency: model.concurrency,
        detect(frame, focus) {
          const k = key(frame, focus);
          let people = seen.get(k);
          if (people === undefined) {
            people = model.detect(frame, focus);
            // A failed look is not remembered: the next analysis asks the model again.
            people.catch(() => seen.delete(k));
            seen.set(k, people);
          }
          return people;
        },
      };
    },
    async close() {
      if (estimator) await (await estimator).close();
    },
  };
}
