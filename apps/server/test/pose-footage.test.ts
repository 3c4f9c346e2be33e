import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seeFrames, seenFrame, type RollFrame } from '../src/analysis/pipeline.js';
import type { Skeleton } from '../src/analysis/skeleton.js';
import { HMM_STATES } from '../src/analysis/positions/hmm.js';
import { modelProbabilities, POSITION_MODEL } from '../src/analysis/positions/model.js';
import { positionTimeline } from '../src/analysis/positions/timeline.js';
import { trackAthletes, type TrackedFrame } from '../src/analysis/tracking.js';
import { MediaRepository } from '../src/repositories/media.repository.js';
import { createPoseEstimator, type PoseEstimator } from '../src/repositories/pose.repository.js';

/**
 * The pose and tracking stages on real grappling footage (../shared/footage, a development set kept
 * outside the repository; see its README): the two athletes chosen must be the two grapplers. The
 * criterion is the one of bench/analysis-accuracy.mjs: the middle of each chosen athlete's seen joints
 * lies in the box drawn by eye round the pair (bench/lib/footage-pairs.json), and they are two bodies.
 * The thresholds sit a little under what the stages reach today, to catch a regression.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** -log of the probability the position model alone gives the `accepted` positions for a pair (null: it cannot measure it). */
function labelLoss(a: Skeleton, b: Skeleton, accepted: readonly string[]): number | null {
  const probabilities = modelProbabilities(a, b, 16 / 9, POSITION_MODEL);
  if (probabilities === null) return null;
  const p = probabilities.reduce(
    (sum, value, state) => sum + (accepted.includes(HMM_STATES[state]?.position ?? '') ? value : 0),
    0,
  );
  return -Math.log(Math.max(1e-6, p));
}
const FOOTAGE = path.resolve(root, '../shared/footage');
/**
 * A cap for a test that hangs: each reads up to 23 frames with the pose model, 30-50 s alone and well over
 * 120 s beside the other lane of npm test on a slow host.
 */
const FOOTAGE_TIMEOUT = 300_000;
const present = existsSync(path.join(FOOTAGE, 'stills', 'labels.csv'));
if (!present) console.log(`pose-footage.test.ts skipped: no real footage at ${FOOTAGE} (see its README)`);

const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const Pairs = z.object({
  bystanders: z.object({ 'openmat-roll': z.array(Box), stills: z.record(z.string(), z.array(Box)) }),
  stills: z.record(z.string(), Box),
  'openmat-roll': z.record(z.string(), Box),
  'judo-clip': z.array(z.object({ frames: z.tuple([z.number(), z.number()]), box: Box })),
});
const pairs = Pairs.parse(JSON.parse(readFileSync(path.join(root, 'bench/lib/footage-pairs.json'), 'utf8')));

const run = promisify(execFile);
async function decode(file: string, time: number): Promise<RollFrame> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-vf'],
      'scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2',
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return { time, width: 640, height: 360, rgb: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength) };
}

/** A video's frames as the analysis samples an upload: the app's sampler, letterboxed to 640x360. */
async function sampled(file: string, framesPerSecond: number): Promise<RollFrame[]> {
  const media = new MediaRepository();
  const info = await media.probe(file);
  if (info === null) throw new Error(`ffprobe cannot read ${file}`);
  const frames: RollFrame[] = [];
  const source = { path: file, demuxer: info.demuxer, durationSeconds: info.durationSeconds };
  for await (const frame of media.sampleFrames(source, { framesPerSecond, width: 640, height: 360 }))
    frames.push(frame);
  return frames;
}

function middle(person: Skeleton): { x: number; y: number } {
  const seen = person.keypoints.filter((point) => point.score >= 0.3);
  if (seen.length < 3) return { x: person.box.x + person.box.width / 2, y: person.box.y + person.box.height / 2 };
  return {
    x: seen.reduce((sum, point) => sum + point.x, 0) / seen.length,
    y: seen.reduce((sum, point) => sum + point.y, 0) / seen.length,
  };
}

function distinct(one: Skeleton, other: Skeleton): boolean {
  const size = Math.max(Math.hypot(one.box.width, one.box.height), Math.hypot(other.box.width, other.box.height));
  const gaps = one.keypoints.flatMap((point, index) => {
    const twin = other.keypoints[index];
    return twin && point.score >= 0.3 && twin.score >= 0.3 ? [Math.hypot(point.x - twin.x, point.y - twin.y)] : [];
  });
  return gaps.length < 3 || gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length > 0.05 * size;
}

const within = ({ x, y }: { x: number; y: number }, [left, top, right, bottom]: readonly number[]) =>
  x >= (left ?? 0) && x <= (right ?? 1) && y >= (top ?? 0) && y <= (bottom ?? 1);

/**
 * Whether the frame's two chosen athletes are the two grapplers of the box, neither of them one of the
 * `bystanders` known to sit behind the pair in the picture.
 */
function bothFound(
  frame: TrackedFrame | undefined,
  box: readonly number[],
  bystanders: readonly (readonly number[])[] = [],
): boolean {
  if (!frame?.a || !frame.b) return false;
  const inside = (person: Skeleton) => {
    const centre = middle(person);
    return within(centre, box) && !bystanders.some((bystander) => within(centre, bystander));
  };
  return inside(frame.a) && inside(frame.b) && distinct(frame.a, frame.b);
}

describe.runIf(present)('athletes found on real grappling footage (../shared/footage)', () => {
  let estimator: PoseEstimator;

  beforeAll(async () => {
    estimator = await createPoseEstimator();
  });

  afterAll(async () => {
    await estimator.close();
  });

  /** The stills and what the pose model sees in each, looked at once for the tests that need them. */
  let stills: Promise<{ files: string[]; frames: RollFrame[]; people: (readonly Skeleton[])[] }> | undefined;
  const seenStills = () =>
    (stills ??= (async () => {
      const files = Object.keys(pairs.stills);
      const frames = await Promise.all(files.map((file) => decode(path.join(FOOTAGE, 'stills', file), 0)));
      const people = await Promise.all(frames.map((frame) => estimator.detect(frame)));
      return { files, frames, people };
    })());

  it(
    'finds both grapplers in most of the 17 real stills, lying and tangled ones too',
    async () => {
      const { files, frames, people } = await seenStills();
      const found = files.filter((file, i) => {
        const frame = frames[i];
        const box = pairs.stills[file];
        const behind = pairs.bystanders.stills[file] ?? [];
        return frame && box && bothFound(trackAthletes([seenFrame(frame, people[i] ?? [])]).frames[0], box, behind);
      });
      console.log(`stills: both grapplers found in ${found.length} of ${files.length}`);
      // 4 of 17 before the turned views and the pair-aware choice of athletes; 11 after; 12 once a lone
      // body's region is also looked at in two parts (mount01's pair, read as one body before); 14 once a
      // lone body is painted out and its region looked at again (back04 and mount05; ADR 0022); 15 once the
      // other athlete is painted out of each top-down crop; 14 once the plain crop is looked at beside it;
      // 15 once one body found twice, head on head, counts as one (mount03); 14 once side01's second athlete,
      // the man standing behind the pair with his legs in its box, counts as the bystander he is.
      expect(found.length).toBeGreaterThanOrEqual(13);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'finds the athlete hidden behind the one whose back is taken, by painting out the body it found',
    async () => {
      // back04: the attacker sits behind, hooks in, head beside the partner's; the multi-person model sees
      // one body. With that body's skeleton painted out, the region shows the other.
      const { files, frames, people } = await seenStills();
      const i = files.indexOf('back04.jpg');
      const frame = frames[i];
      const box = pairs.stills['back04.jpg'];
      expect(frame && box).toBeTruthy();
      if (!frame || !box) return;
      const tracked = trackAthletes([seenFrame(frame, people[i] ?? [])]).frames[0];
      expect(bothFound(tracked, box)).toBe(true);
      if (!tracked?.a || !tracked.b) return;
      expect(labelLoss(tracked.a, tracked.b, ['back'])).toBeLessThan(Math.log(2)); // back control, over half
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'counts one body found twice, head on head, as one, and then finds the athlete it hid (mount03)',
    async () => {
      // MultiPose answers some tangled pairs with one athlete's head and shoulders twice, each copy with
      // limbs of either athlete: the pair looks found, so nobody looks for the athlete it missed. mount03's
      // top athlete was found twice (noses 3 % of the body apart) and the athlete mounted was not.
      const { files, frames, people } = await seenStills();
      const size = (one: Skeleton, other: Skeleton) =>
        Math.max(Math.hypot(one.box.width, one.box.height), Math.hypot(other.box.width, other.box.height));
      /** The head and torso joints both are sure of that lie within 4 % of the body of each other. */
      const sharedPlaces = (one: Skeleton, other: Skeleton) =>
        [0, 5, 6, 11, 12].filter((joint) => {
          const p = one.keypoints[joint];
          const q = other.keypoints[joint];
          return (
            p && q && p.score >= 0.3 && q.score >= 0.3 && Math.hypot(p.x - q.x, p.y - q.y) < 0.04 * size(one, other)
          );
        });
      for (const [i, file] of files.entries()) {
        for (const [k, one] of (people[i] ?? []).entries()) {
          for (const other of (people[i] ?? []).slice(k + 1)) {
            const shared = sharedPlaces(one, other);
            expect(shared.includes(0) && shared.length >= 3, `${file}: one head and torso found twice`).toBe(false);
          }
        }
      }
      const i = files.indexOf('mount03.jpeg');
      const frame = frames[i];
      const box = pairs.stills['mount03.jpeg'];
      expect(frame && box).toBeTruthy();
      if (!frame || !box) return;
      expect(bothFound(trackAthletes([seenFrame(frame, people[i] ?? [])]).frames[0], box)).toBe(true);
    },
    FOOTAGE_TIMEOUT,
  );

  /** The app's positions each still's label accepts (the footage README's mapping). */
  const acceptedFor = (() => {
    const labels = new Map(
      readFileSync(path.join(FOOTAGE, 'stills', 'labels.csv'), 'utf8')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',') as [string, string]),
    );
    const accepts: Record<string, readonly string[]> = {
      guard: ['closed-guard', 'open-guard'],
      half_guard: ['half-guard'],
      side_control: ['side-control'],
      mount: ['mount'],
      back_control: ['back'],
      standing: ['standing'],
    };
    // mount03 and mount05 are low mounts the README says may read as half guard.
    return (file: string): readonly string[] => [
      ...(accepts[labels.get(file) ?? ''] ?? []),
      ...(/^mount0[35]/.test(file) ? ['half-guard'] : []),
    ];
  })();

  it(
    'reads the grapplers of the real stills well enough that the position model favours their labelled positions',
    async () => {
      const { files, frames, people } = await seenStills();
      // The position model alone on the two athletes chosen (no smoothing, no abstention): -log of the
      // probability it gives the labelled positions, averaged over the stills where two were chosen. A
      // proper score: it moves with every skeleton, where counts of right answers on 17 stills barely do.
      const losses = files.flatMap((file, i) => {
        const frame = frames[i];
        const tracked = frame ? trackAthletes([seenFrame(frame, people[i] ?? [])]).frames[0] : undefined;
        if (!tracked?.a || !tracked.b) return [];
        const loss = labelLoss(tracked.a, tracked.b, acceptedFor(file));
        return loss === null ? [] : [loss];
      });
      const mean = losses.reduce((sum, loss) => sum + loss, 0) / Math.max(1, losses.length);
      console.log(`stills: mean -log p(labelled position) ${mean.toFixed(2)} over ${losses.length} pairs`);
      expect(losses.length).toBeGreaterThanOrEqual(12);
      // 3.48 with nearest-neighbour input to the pose model, 2.22 with bilinear input (ADR 0022); 1.98 with the
      // fourth generator (ADR 0023); 1.72 with a lone athlete painted out, 1.51 with the other athlete painted
      // out of each top-down crop, 1.15 with the plain crop looked at beside the painted one (ADR 0022); 1.47
      // once a partner too faint to read counts as none, which reads the same stills mirrored and made into
      // clips better (2.46 against 2.60 mirrored, 2.12 against 2.22 as clips): these 17 pictures are what
      // every earlier step was chosen on, so they flatter them (ADR 0022, "The stills read four ways"). 1.68
      // once a body found by several looks is surer: on the means of the steadiness bench the stills read four
      // ways lose less with it (1.74 against 1.79) though the pictures as they are lose more (1.59 against 1.35;
      // ADR 0022, "A body found by several looks is surer").
      expect(mean).toBeLessThan(1.8);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'names a position on a real still only when it can read it, and then mostly rightly',
    async () => {
      const { files, frames, people } = await seenStills();
      const said = files.map((file, i) => {
        const frame = frames[i];
        const tracking = trackAthletes(frame ? [seenFrame(frame, people[i] ?? [])] : []);
        const tracked = tracking.frames[0];
        const timeline =
          tracking.athletesFound >= 2 && tracked ? positionTimeline([{ time: 0, a: tracked.a, b: tracked.b }]) : [];
        return { file, segment: timeline[0] ?? null };
      });
      const right = said.filter(
        ({ file, segment }) => segment !== null && acceptedFor(file).includes(segment.position),
      );
      console.log(
        `stills: ${said.map(({ file, segment }) => `${file} ${segment ? `${segment.position} ${segment.confidence.toFixed(2)}` : 'none'}`).join('; ')}` +
          `\nstills: position right in ${right.length} of ${files.length}`,
      );
      // A named position is one the model reads at least as often right as wrong; a still it cannot read
      // is unclear (five stills once came out "standing" at 0.05, from the prior alone).
      for (const { segment } of said) {
        if (segment !== null && segment.position !== 'unclear') {
          expect(segment.confidence).toBeGreaterThanOrEqual(POSITION_MODEL.readable);
        }
      }
      // A scramble is both athletes moving, which no photograph shows: back03, a seated back control, read
      // "scramble 0.55" until the timeline asked for movement (ADR 0023).
      expect(said.filter(({ segment }) => segment?.position === 'scramble').map(({ file }) => file)).toEqual([]);
      // 5 of 17 with the first learned model (one of them by the prior); 3 with the second generator; 4 with
      // the top-down pass (the single-person model on each weak or overlapping athlete); 6 with a lone
      // athlete painted out; 9 with the other athlete painted out of each top-down crop; 11 with the plain
      // crop looked at beside the painted one, the surer kept; 8 once a partner too faint to read counts as
      // none (back02 and back03 lost, read right mirrored or as clips instead; ADR 0022); 10 with the fifth
      // generator's low stance (ADR 0023: video_1_frame_0960 standing, close_guard01). One still is inside
      // the noise of the pose model (the same picture through a video's colour format moves two or three).
      expect(right.length).toBeGreaterThanOrEqual(7);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'sees the chosen grapplers surer with the top-down pass than with the multi-person model alone',
    async () => {
      const { frames, people } = await seenStills();
      const alone = await createPoseEstimator(1, { topDown: 'off' });
      const peopleAlone = await Promise.all(frames.map((frame) => alone.detect(frame))).finally(() => alone.close());
      /** The mean joint score of the two athletes tracking chooses, over all stills. */
      const sureness = (seen: (readonly Skeleton[])[]) => {
        const scores = frames.flatMap((frame, i) => {
          const tracked = trackAthletes([seenFrame(frame, seen[i] ?? [])]).frames[0];
          return [tracked?.a, tracked?.b].flatMap((person) => person?.keypoints.map((point) => point.score) ?? []);
        });
        return scores.reduce((sum, score) => sum + score, 0) / Math.max(1, scores.length);
      };
      const withTopDown = sureness(people);
      const withoutTopDown = sureness(peopleAlone);
      console.log(
        `stills: mean joint score ${withTopDown.toFixed(3)} with the top-down pass, ${withoutTopDown.toFixed(3)} without`,
      );
      expect(withTopDown).toBeGreaterThan(withoutTopDown + 0.03);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'follows the two rollers of the open-mat roll, not the pair behind them or the bystanders',
    async () => {
      const files = Object.keys(pairs['openmat-roll']);
      const frames = await Promise.all(
        files.map((file) => decode(path.join(FOOTAGE, 'openmat-roll', file), Number(/_(\d+)s\./.exec(file)?.[1] ?? 0))),
      );
      // Seen as the analysis sees a clip: frame after frame, each told where the athletes were.
      const tracking = trackAthletes(await seeFrames(frames, estimator));
      const found = files.filter((file, i) => {
        const box = pairs['openmat-roll'][file];
        return box !== undefined && bothFound(tracking.frames[i], box, pairs.bystanders['openmat-roll']);
      });
      console.log(`open-mat roll: both rollers found in ${found.length} of ${files.length} frames`);
      // 0 of 23 before; 14 with the turned views; 19 with the closer look where the athletes were; 16 with
      // bilinear input, which shows the pair behind and a passer-by more clearly too; 19 once a small pair
      // not clear enlarged is also looked at turned (ADR 0022); 18 once the man sitting against the wall behind
      // the pair, inside its box in the picture, no longer counts as a roller (at 61 s he is chosen); 19 once a
      // body found by several looks is surer (ADR 0022).
      expect(found.length).toBeGreaterThanOrEqual(18);

      // The timeline against the roll's rough labels (written by a vision language model; the README's
      // mapping: fifty-fifty and single-leg X are open guard, a pass or a guard recovery is between positions).
      const accepts = (label: string): readonly string[] => {
        if (/pass_in_progress|guard_recovery/.test(label)) return ['open-guard', 'half-guard', 'scramble'];
        if (/fifty_fifty|single_leg|open_guard/.test(label)) return ['open-guard'];
        const named = ['closed_guard', 'half_guard', 'side_control', 'mount', 'back', 'standing'].find((name) =>
          label.includes(name),
        );
        return named ? [named.replace('_', '-')] : [];
      };
      const timeline = positionTimeline(tracking.frames.map(({ time, a, b }) => ({ time, a, b })));
      const last = frames.at(-1)?.time ?? 0;
      const labels = readFileSync(path.join(FOOTAGE, 'openmat-roll', 'weak-labels.csv'), 'utf8')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(','))
        .filter(([time]) => Number(time) <= last + 2);
      const said = labels.map(([time = '', black = '', red = '']) => {
        const at = Number(time);
        const segment = timeline.find((each) => at >= each.start && at < each.end) ?? timeline.at(-1);
        const position = segment?.position ?? 'none';
        return { position, right: [...accepts(black), ...accepts(red)].includes(position) };
      });
      const agreed = said.filter((label) => label.right);
      const named = said.filter((label) => label.position !== 'unclear' && label.position !== 'none');
      console.log(
        `open-mat roll: the timeline agrees with ${agreed.length} of ${labels.length} rough labels` +
          ` and names a position at ${named.length}`,
      );
      // The roll's agreement is not asserted: 5 of 13 on these files as they are, and 0 of 13 on copies saved
      // again or 1 % brighter or darker (ADR 0022, "How steady the figures are"), so any count here is luck.
      // What is asserted is that the timeline does not name what it cannot read: the ground stretch, which no
      // pose model here reads, is mostly unclear, not "scramble" or "standing" (issue 19's first complaint).
      // Wrong claims at the labels: 2 (standing at 26 and 29 s, where the rollers come up from their knees);
      // 13 of 13 with the timeline's unclear bar removed.
      expect(named.length - agreed.length).toBeLessThanOrEqual(3);

      // The position model alone on the rollers chosen, frame by frame, against the label within a second
      // (either athlete's, each position once): a proper score, as for the stills.
      const losses = tracking.frames.flatMap(({ time, a, b }) => {
        const label = labels.find(([at = '']) => Math.abs(Number(at) - time) <= 1.01);
        if (!label || !a || !b) return [];
        const loss = labelLoss(a, b, [...new Set([...accepts(label[1] ?? ''), ...accepts(label[2] ?? '')])]);
        return loss === null ? [] : [loss];
      });
      const rollLoss = losses.reduce((sum, loss) => sum + loss, 0) / Math.max(1, losses.length);
      console.log(`open-mat roll: mean -log p(labelled position) ${rollLoss.toFixed(2)} over ${losses.length} pairs`);
      expect(losses.length).toBeGreaterThanOrEqual(18);
      // 4.34 with the fourth generator before its knee-shield half guard, 3.13 with it (ADR 0023).
      expect(rollLoss).toBeLessThan(3.7);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'finds both judoka through the throw, the thrown one too when the thrower hides them',
    async () => {
      const frames = await sampled(path.join(FOOTAGE, 'judo-clip', 'judo_davis_854x480.mp4'), 30);
      const tracking = trackAthletes(await seeFrames(frames, estimator));
      const found = frames.filter((frame, i) => {
        const index = Math.round(frame.time * 30);
        const box = pairs['judo-clip'].find(({ frames: [from, to] }) => index >= from && index <= to)?.box;
        return box !== undefined && bothFound(tracking.frames[i], box);
      });
      console.log(`judo clip: both judoka found in ${found.length} of ${frames.length} frames`);
      // 26 of 34 with tracking over the whole clip; 27 with bilinear input; 29 once a lone athlete's
      // region is also looked at in two overlapping parts; 31 once a partner too faint to read counts as
      // none, so the looks for a hidden athlete follow (ADR 0022); 32 once the single-person model also
      // looks for the athlete hidden by one painted out.
      expect(found.length).toBeGreaterThanOrEqual(32);
    },
    FOOTAGE_TIMEOUT,
  );

  it(
    'reads real stills made into videos as an upload is read, as it reads the stills',
    async () => {
      // The held-out set of issue 19 measures real frames as short clips. A clip of one picture is still one
      // picture: its frames differ only by the video's compression, which moves MultiPose's answers, so
      // they are looked at once and count as one frame's evidence. Without that, the two athletes standing
      // apart in standing.jpg lost to a second skeleton of the nearer one (read turtle) and back03's back
      // control read scramble. take01's standing exchange read back control while the front athlete's head
      // and torso found twice counted as two bodies (one body found twice).
      const dir = await mkdtemp(path.join(tmpdir(), 'openmat-still-clip-'));
      try {
        for (const [file, position] of [
          ['standing.jpg', 'standing'],
          ['back03.png', 'back'],
          ['take01.jpeg', 'standing'],
        ] as const) {
          const clip = path.join(dir, `${file}.mp4`);
          await run('ffmpeg', [
            ...['-hide_banner', '-loglevel', 'error', '-loop', '1', '-i', path.join(FOOTAGE, 'stills', file)],
            ...['-t', '4', '-r', '25', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-pix_fmt', 'yuv420p'],
            ...['-c:v', 'libx264', clip],
          ]);
          const frames = await sampled(clip, 2);
          const runs = estimator.modelRuns;
          const seen = await seeFrames(frames, estimator);
          const looks = estimator.modelRuns - runs;
          const [first] = frames;
          const once = first ? await estimator.detect(first) : [];
          expect(estimator.modelRuns - runs - looks, `${file}: looked at once`).toBe(looks);
          expect(seen.slice(1).every((frame) => frame.repeat === true)).toBe(true);
          expect(seen[0]?.people.length).toBe(once.length);
          const tracking = trackAthletes(seen);
          const timeline = positionTimeline(tracking.frames.map(({ time, a, b }) => ({ time, a, b })));
          console.log(
            `${file} as a ${frames.length}-frame clip: ${timeline.map((s) => `${s.position} ${s.confidence.toFixed(2)}`).join(', ')}`,
          );
          expect(timeline.map((segment) => segment.position)).toEqual([position]);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    FOOTAGE_TIMEOUT,
  );

  it('chooses no athletes in a frame with nobody in it', async () => {
    const empty: RollFrame = { time: 0, width: 640, height: 360, rgb: new Uint8Array(640 * 360 * 3).fill(128) };
    const tracking = trackAthletes([seenFrame(empty, await estimator.detect(empty))]);
    expect(tracking.athletesFound).toBe(0);
  });
});
