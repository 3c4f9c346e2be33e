/**
 * Reads labelled or recorded skeletons with the position classifier alone, the pose model bypassed:
 *
 *   npm run read:positions -w @openmat/server -- pairs.json [--model file.json]
 *
 * `pairs.json` is a list of pairs, each two people as the 17 COCO keypoints (nose, eyes, ears, shoulders,
 * elbows, wrists, hips, knees, ankles; left before right), each keypoint `[x, y, score]`:
 *
 *   [{ "a": [[x, y, score], ...17], "b": [...17], "width": 1920, "height": 1080 }, ...]
 *
 * or flattened as COCO writes them, `[x1, y1, v1, x2, y2, v2, ...]` (51 numbers; a visibility of 1 or 2 is
 * a joint placed, 0 one not labelled).
 *
 * (`pose1`/`pose2` are read as `a`/`b`; `accepted`, a position or a list of them such as
 * `["closed-guard", "open-guard"]`, makes each line say whether it is `right` and ends with the count on
 * stderr.) With `width` and `height` the coordinates are pixels; without,
 * fractions of a 16:9 frame. A joint not seen has score 0 (the classifier reads joints scored 0.3 or
 * more). It prints one line of JSON a pair: the likeliest position, who is on top (`a`, `b`, or null when
 * nobody is), its probability, and every position's probability. A pair it cannot read (fewer than five
 * joints seen of one person, or a person missing) says so. Nothing here trains anything.
 *
 * The annotations of the ViCoS jiu-jitsu positions dataset read as they are: a list of
 * `{ "position": "mount1", "image": ..., "frame": ..., "pose1": [...], "pose2": [...] }`, in pixels, where
 * either pose is missing when the dataset's pose estimator lost that athlete (`VICOS_POSITIONS` says which
 * of the analysis's positions each label accepts). `position` may also be one of the analysis's own names.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AnalysisPosition } from '@openmat/contract/analysis';
import { z } from 'zod';
import { POSITION_STATES, readPair, withoutPair } from '../src/analysis/positions/classifier.js';
import { checkedModel, PositionModelFile } from '../src/analysis/positions/network.js';
import { POSITION_MODEL } from '../src/analysis/positions/model.js';
import { KEYPOINT_NAMES, type Skeleton } from '../src/analysis/skeleton.js';

const Joint = z.tuple([z.number().finite(), z.number().finite(), z.number().finite().min(0)]);
/**
 * A person: the 17 keypoints as `[x, y, score]` each, or as COCO annotations write them, flattened into 51
 * numbers `[x1, y1, v1, x2, ...]` (COCO's visibility 1 or 2, a joint placed, reads as seen; 0 as not seen).
 */
const Person = z.union(
  [
    z.array(Joint).length(KEYPOINT_NAMES.length),
    z
      .array(z.number().finite())
      .length(KEYPOINT_NAMES.length * 3)
      .refine((numbers) => numbers.every((value, i) => i % 3 !== 2 || value >= 0), {
        message: 'a score (every third number) is never negative',
      })
      .transform((numbers) =>
        KEYPOINT_NAMES.map((_, i): [number, number, number] => [
          numbers[3 * i] ?? 0,
          numbers[3 * i + 1] ?? 0,
          numbers[3 * i + 2] ?? 0,
        ]),
      ),
  ],
  { error: 'a person is 17 keypoints [x, y, score], or the 51 numbers of COCO [x1, y1, v1, x2, ...]' },
);
/**
 * The positions each label of the ViCoS jiu-jitsu dataset accepts. Its digit says which athlete holds the
 * role, which this reading does not score. 50/50 is open guard, as in the footage's README; a takedown is
 * standing or a scramble, as the analysis has no takedown position. The dataset has no knee on belly.
 */
export const VICOS_POSITIONS: Readonly<Record<string, readonly AnalysisPosition[]>> = {
  standing: ['standing'],
  takedown1: ['standing', 'scramble'],
  takedown2: ['standing', 'scramble'],
  open_guard1: ['open-guard'],
  open_guard2: ['open-guard'],
  '5050_guard': ['open-guard'],
  closed_guard1: ['closed-guard'],
  closed_guard2: ['closed-guard'],
  half_guard1: ['half-guard'],
  half_guard2: ['half-guard'],
  side_control1: ['side-control'],
  side_control2: ['side-control'],
  mount1: ['mount'],
  mount2: ['mount'],
  back1: ['back'],
  back2: ['back'],
  turtle1: ['turtle'],
  turtle2: ['turtle'],
};

/** A label: one of the analysis's positions, or a label of the ViCoS dataset (`VICOS_POSITIONS`). */
const Label = z
  .string()
  .refine((label) => AnalysisPosition.safeParse(label).success || Object.hasOwn(VICOS_POSITIONS, label), {
    error: `a position is one of ${AnalysisPosition.options.join(', ')}, or a ViCoS label (${Object.keys(VICOS_POSITIONS).join(', ')})`,
  });

const Pair = z
  .object({
    a: Person.optional(),
    b: Person.optional(),
    pose1: Person.optional(),
    pose2: Person.optional(),
    width: z.number().positive().optional(),
    height: z.number().positive().optional(),
    /** The position (or positions) a label accepts: then each reading says whether it is right. */
    accepted: z.union([AnalysisPosition, z.array(AnalysisPosition).min(1)]).optional(),
    /** The labelled position, as the ViCoS annotations write it (`mount1`), or one of the analysis's names. */
    position: Label.optional(),
  })
  .refine((pair) => pair.accepted === undefined || pair.position === undefined, {
    message: 'a pair is labelled by "accepted" or by "position", not both',
  })
  .refine((pair) => (pair.width === undefined) === (pair.height === undefined), {
    message: '"width" and "height" go together',
  });
export const Pairs = z.array(Pair);

export interface Reading {
  readonly position: string | null;
  readonly top: 'a' | 'b' | null;
  readonly probability: number;
  readonly positions: Record<string, number>;
  /** With `accepted`: whether the likeliest position is one the label accepts (false when unreadable). */
  readonly right?: boolean;
  /** True where the pair lacks a person (`a`/`pose1` or `b`/`pose2`): it cannot be read. */
  readonly missing?: true;
}

function skeletonOf(joints: z.infer<typeof Person>, width: number, height: number): Skeleton {
  const keypoints = joints.map(([x, y, score]) => ({ x: x / width, y: y / height, score }));
  const seen = keypoints.filter((k) => k.score >= 0.3);
  const xs = seen.map((k) => k.x);
  const ys = seen.map((k) => k.y);
  const box =
    seen.length === 0
      ? { x: 0, y: 0, width: 0, height: 0 }
      : {
          x: Math.min(...xs),
          y: Math.min(...ys),
          width: Math.max(...xs) - Math.min(...xs),
          height: Math.max(...ys) - Math.min(...ys),
        };
  return { keypoints, score: 1, box };
}

/** The positions a pair's label accepts, or null when it has none. */
function acceptedBy(pair: z.infer<typeof Pair>): readonly string[] | null {
  if (pair.accepted !== undefined) return [pair.accepted].flat();
  if (pair.position === undefined) return null;
  return Object.hasOwn(VICOS_POSITIONS, pair.position) ? (VICOS_POSITIONS[pair.position] ?? []) : [pair.position];
}

/** The classifier's reading of each pair (`Pairs`), in order. */
export function readPairs(pairs: z.infer<typeof Pairs>, model: PositionModelFile = POSITION_MODEL): Reading[] {
  return pairs.map((pair) => {
    const [width, height] = pair.width && pair.height ? [pair.width, pair.height] : [1, 1];
    const aspect = pair.width && pair.height ? pair.width / pair.height : 16 / 9;
    const first = pair.a ?? pair.pose1;
    const second = pair.b ?? pair.pose2;
    // A person missing (the annotator's pose estimator lost them) is read as the analysis reads a frame
    // with one athlete: no position can be told.
    const read =
      first === undefined || second === undefined
        ? null
        : readPair(skeletonOf(first, width, height), skeletonOf(second, width, height), aspect, model);
    const probabilities = read ?? withoutPair();
    const positions: Record<string, number> = {};
    POSITION_STATES.forEach((state, s) => {
      positions[state.position] = (positions[state.position] ?? 0) + (probabilities[s] ?? 0);
    });
    const accepted = acceptedBy(pair);
    const label = (position: string | null) =>
      accepted === null ? {} : { right: position !== null && accepted.some((name) => name === position) };
    if (read === null) {
      const missing = first === undefined || second === undefined ? { missing: true as const } : {};
      return { position: null, top: null, probability: 0, positions, ...label(null), ...missing };
    }
    const best = probabilities.indexOf(Math.max(...probabilities));
    const state = POSITION_STATES[best];
    const position = state?.position ?? null;
    return {
      position,
      top: state?.top ?? null,
      probability: position ? (positions[position] ?? 0) : 0,
      positions,
      ...label(position),
    };
  });
}

function main(argv: readonly string[]): number {
  const file = argv.find((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--model');
  const modelAt = argv.indexOf('--model');
  if (file === undefined) {
    console.error('usage: read-positions pairs.json [--model position-model.json]');
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const parsed = Pairs.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    console.error(
      `${file} is not a list of pairs: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}`,
    );
    return 1;
  }
  const modelFile = modelAt >= 0 ? argv[modelAt + 1] : undefined;
  let model = POSITION_MODEL;
  if (modelFile !== undefined) {
    try {
      model = checkedModel(PositionModelFile.parse(JSON.parse(readFileSync(modelFile, 'utf8'))));
    } catch (error) {
      console.error(`${modelFile} is not a position model: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  const readings = readPairs(parsed.data, model);
  for (const reading of readings) console.log(JSON.stringify(reading));
  const labelled = readings.filter((reading) => reading.right !== undefined);
  if (labelled.length > 0) {
    const right = labelled.filter((reading) => reading.right).length;
    const unread = labelled.filter((reading) => reading.position === null).length;
    const missing = labelled.filter((reading) => reading.missing).length;
    console.error(
      `position right for ${right} of ${labelled.length} labelled pairs (${((100 * right) / labelled.length).toFixed(1)} %); ${unread} could not be read` +
        (missing > 0 ? ` (${missing} with a person missing)` : ''),
    );
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Piped into `head`: stop quietly when the reader has had enough.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = main(process.argv.slice(2));
}
