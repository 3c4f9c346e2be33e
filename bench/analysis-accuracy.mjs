// Video analysis accuracy on real footage, stage by stage, next to the same figures on the synthetic
// skeletons the tests use. It runs the real stages of the built server (the pose model, tracking, the
// position timeline through its public exports) on ../shared/footage (see its README):
//   - athletes found: the two athletes the analysis chooses are the two grapplers, per still, per frame of
//     the open-mat roll and per frame of the judo clip (and the pose model alone: both grapplers among its
//     detections). "On a grappler" means: the middle of the person's seen joints falls inside the box drawn
//     by eye round the pair in bench/lib/footage-pairs.json (and not in the box of a bystander it lists as
//     sitting behind the pair in the picture), and the two chosen are two bodies, not one
//     found twice (their shared joints lie apart). Frames with nobody must give no athletes.
//   - positions right per still, with a confusion table; agreement with the roll's rough labels (written
//     by a vision language model), and how much of it was read with both rollers chosen at the label (a
//     bystander read as the labelled position agrees by chance), and with the judo clip's labels;
//   - calibration: the confidence the timeline reports, in buckets, against how often it was right.
//   - the stills made into clips: each still as a 4-second H.264 video, analysed as an upload is (the app's
//     sampler, frame after frame, tracking and the timeline over the clip). This is how the held-out set of
//     issue 19 measures real frames, and it is not the same as a still: the video's colour format and
//     compression change the pixels a little, and the frames of a clip are tracked together.
// Uses the built server: `npm run build -w @openmat/contract && npm run build -w @openmat/server` first.
// `BENCH_SMOKE=1` runs a few files only; `POSITION_MODEL=file.json` measures another trained position model.
// `POSE_TOP_DOWN=off` (or `lightning`) measures the pose stage without the top-down pass (or with MoveNet
// Lightning in it instead of Thunder), to compare with the default in the same sitting; `POSE_FOCUS=off`
// without the focus the pose stage is given from the frames before.
// `DRAW_PAIRS=folder` draws the stills' and the roll's skeletons over their pictures (SVG files, see drawPair).
// `FOOTAGE_DIR=folder` reads a copy of the footage laid out as ../shared/footage is (the same files changed
// outside the app, to see what a change to the pictures would do; keep such copies out of the repository),
// and `SUMMARY_JSON=file.json` writes the summary's figures (both for bench/analysis-steadiness.mjs).
// Without the footage it says so and exits 0.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const FOOTAGE = process.env.FOOTAGE_DIR ?? path.resolve(root, '../shared/footage');
const SMOKE = process.env.BENCH_SMOKE === '1';

if (!existsSync(path.join(FOOTAGE, 'stills', 'labels.csv'))) {
  console.log(`skipped: no real footage at ${FOOTAGE} (a development set kept outside the repository; see its README)`);
  process.exit(0);
}

const dist = new URL('../apps/server/dist/', import.meta.url);
const load = async (file) => {
  try {
    return await import(new URL(file, dist).href);
  } catch (error) {
    throw new Error(`cannot load ${file}; run \`npm run build -w @openmat/server\` first`, { cause: error });
  }
};
const { MediaRepository } = await load('repositories/media.repository.js');
const { createPoseEstimator, defaultPoseThreads } = await load('repositories/pose.repository.js');
const { seenFrame, seeFrames } = await load('analysis/pipeline.js');
const { trackAthletes } = await load('analysis/tracking.js');
const { identifyStudent } = await load('analysis/identify.js');
const { positionTimelineFor } = await load('analysis/positions/timeline.js');
const { modelProbabilities, POSITION_MODEL } = await load('analysis/positions/model.js');
const { HMM_STATES } = await load('analysis/positions/hmm.js');
const { POSITION_STATES } = await load('analysis/positions/classifier.js');
const { handRuleProbabilities } = await load('analysis/positions/hand-rules.js');
const { generatePair, orbitPosition, randomNoise } = await load('analysis/positions/generator.js');
const { seededRandom } = await load('lib/seeded-random.js');
const { tsImport } = await import('tsx/esm/api');
const synthetic = await tsImport('../apps/server/test/support/skeleton-poses.ts', import.meta.url);

// `POSITION_MODEL=file.json` measures another trained position model (e.g. a candidate from
// `npm run train:positions -- --out file.json`) instead of the shipped one: the footage chooses between models.
const { PositionModelFile, checkedModel } = await load('analysis/positions/network.js');
const candidate = process.env.POSITION_MODEL
  ? checkedModel(PositionModelFile.parse(JSON.parse(readFileSync(process.env.POSITION_MODEL, 'utf8'))))
  : undefined;

const WIDTH = 640;
const HEIGHT = 360;
const ASPECT = WIDTH / HEIGHT;
const timelineOf = positionTimelineFor(ASPECT, candidate);
const pairs = JSON.parse(readFileSync(new URL('./lib/footage-pairs.json', import.meta.url), 'utf8'));
/** The frames a second the app samples of an upload (ANALYSIS_FRAMES_PER_SECOND, default 2). */
const APP_FPS = Number(process.env.ANALYSIS_FRAMES_PER_SECOND ?? 2);
const pct = (part, whole) => (whole === 0 ? '  n/a' : `${((100 * part) / whole).toFixed(0).padStart(3)} %`);

// ---------------------------------------------------------------- reading the footage

/** A picture as the analysis sees a video frame: letterboxed into 640x360 RGB. */
async function decodeImage(file, time = 0, mirror = false) {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1'],
      ...[
        '-vf',
        `${mirror ? 'hflip,' : ''}scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
      ],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return {
    time,
    width: WIDTH,
    height: HEIGHT,
    rgb: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength),
  };
}

/** The rows of a CSV with quoted fields, as lists of values (header dropped). */
function readCsvRows(file) {
  const [, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  return lines.map((line) => [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].map((m) => m[2] ?? m[1]).slice(0, -1));
}
/** A CSV as objects by header (headers without commas of their own). */
function readCsv(file) {
  const names = readFileSync(file, 'utf8').split(/\r?\n/, 1)[0].split(',');
  return readCsvRows(file).map((values) => Object.fromEntries(values.map((value, i) => [names[i], value])));
}

// ---------------------------------------------------------------- who is a grappler

const MIN_JOINT = 0.3;
function seenJoints(person) {
  return person.keypoints.filter((point) => point.score >= MIN_JOINT);
}
/** The middle of the joints the model is sure of (the box's centre when it saw fewer than three). */
function middle(person) {
  const joints = seenJoints(person);
  if (joints.length < 3) return { x: person.box.x + person.box.width / 2, y: person.box.y + person.box.height / 2 };
  return {
    x: joints.reduce((sum, p) => sum + p.x, 0) / joints.length,
    y: joints.reduce((sum, p) => sum + p.y, 0) / joints.length,
  };
}
const within = ({ x, y }, [left, top, right, bottom]) => x >= left && x <= right && y >= top && y <= bottom;
/**
 * On the pair: the middle of the person's seen joints lies in the pair's box, and not in the box of a
 * bystander known to sit behind the pair in the picture (`box.bystanders`, from footage-pairs.json), who
 * is no grappler however close to the pair they look.
 */
const inside = (person, box) => {
  const centre = middle(person);
  return within(centre, box) && !(box.bystanders ?? []).some((bystander) => within(centre, bystander));
};
/** Two bodies, not one found twice: the joints both show lie apart (or they share too few to tell). */
function distinct(one, other) {
  const size = Math.max(Math.hypot(one.box.width, one.box.height), Math.hypot(other.box.width, other.box.height));
  const gaps = [];
  one.keypoints.forEach((p, i) => {
    const q = other.keypoints[i];
    if (p.score >= MIN_JOINT && q.score >= MIN_JOINT) gaps.push(Math.hypot(p.x - q.x, p.y - q.y));
  });
  if (gaps.length < 3) return true;
  return gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length > 0.05 * size;
}
/** How many different people of the list are on the pair's box. */
function onPair(people, box) {
  const on = [];
  for (const person of people) if (inside(person, box) && on.every((other) => distinct(person, other))) on.push(person);
  return on.length;
}
/** The athletes the tracking chose for one frame, judged against the pair's box. */
function judgeChosen(tracked, box) {
  const chosen = [tracked.a, tracked.b].filter((person) => person !== null);
  const right = chosen.filter((person) => inside(person, box));
  return {
    chosen: chosen.length,
    both: chosen.length === 2 && right.length === 2 && distinct(chosen[0], chosen[1]),
    wrong: chosen.length - right.length,
  };
}

/**
 * Whether the athletes chosen in the frame nearest `time` are the two rollers (`boxOf(i)`: the pair's box
 * in frame i). A label agreed with while somebody else was chosen agrees by chance: a bystander sitting
 * behind the pair read as open guard is no reading of the roll.
 */
function rollersAt(trackedFrames, time, boxOf) {
  let nearest = -1;
  for (const [i, frame] of trackedFrames.entries()) {
    if (nearest < 0 || Math.abs(frame.time - time) < Math.abs(trackedFrames[nearest].time - time)) nearest = i;
  }
  const box = nearest < 0 ? undefined : boxOf(nearest);
  return box !== undefined && judgeChosen(trackedFrames[nearest], box).both;
}

/** A pair's box in the mirror image (left to right) of the frame it was drawn on. */
const mirrorOf = ([left, top, right, bottom]) => [1 - right, top, 1 - left, bottom];
const mirrorBox = (box) => Object.assign(mirrorOf(box), { bystanders: (box.bystanders ?? []).map(mirrorOf) });
/** A still's pair box, with the bystanders behind its pair (side01's man standing behind it). */
const stillBox = (file) =>
  pairs.stills[file] && Object.assign([...pairs.stills[file]], { bystanders: pairs.bystanders.stills?.[file] ?? [] });
/** The roll's pair box in a frame, with the bystanders who sit behind the pair in every frame of it. */
const rollBox = (file) =>
  pairs['openmat-roll'][file] &&
  Object.assign([...pairs['openmat-roll'][file]], { bystanders: pairs.bystanders['openmat-roll'] });

// ---------------------------------------------------------------- positions

/** The app's positions each footage label accepts (footage README; a takedown in progress is standing or scramble). */
const STILL_ACCEPTS = {
  guard: ['closed-guard', 'open-guard'],
  half_guard: ['half-guard'],
  side_control: ['side-control'],
  mount: ['mount'],
  back_control: ['back'],
  turtle: ['turtle'],
  standing: ['standing'],
};
function stillAccepts(row) {
  const accepted = [...(STILL_ACCEPTS[row.position] ?? [])];
  if (/takedown/i.test(row.what_it_shows)) accepted.push('scramble');
  // mount03 and mount05 are low mounts that the README says could be read as half guard.
  if (row.position === 'mount' && /ambiguous/i.test(row.what_it_shows)) accepted.push('half-guard');
  return accepted;
}
/** The roll's rough labels, one per athlete: a pass or a guard recovery is between positions. */
function rollAccepts(label) {
  if (/pass_in_progress|guard_recovery/.test(label)) return ['open-guard', 'half-guard', 'scramble'];
  if (/fifty_fifty|single_leg|open_guard/.test(label)) return ['open-guard'];
  if (/closed_guard/.test(label)) return ['closed-guard'];
  if (/half_guard/.test(label)) return ['half-guard'];
  if (/side_control/.test(label)) return ['side-control'];
  if (/mount/.test(label)) return ['mount'];
  if (/back/.test(label)) return ['back'];
  if (/standing/.test(label)) return ['standing'];
  return [];
}
/**
 * What a roll label row accepts: either athlete's label, each position once (two athletes both in open guard
 * accept open guard once, so the probability given to it is not counted twice).
 */
const rowAccepts = (row) => [...new Set([...rollAccepts(row.athlete_black), ...rollAccepts(row.athlete_red)])];
/** The segment of a timeline at `time` (or null: no timeline, nobody). */
const segmentAt = (timeline, time) =>
  timeline.find((segment) => time >= segment.start && time < segment.end) ?? timeline.at(-1) ?? null;

const calibration = [];

/**
 * The position model alone, frame by frame, on the real pairs the pose stage gives (no smoothing, no
 * abstention): whether its likeliest position is one the label accepts, and the probability it gives the
 * accepted ones (a proper score: -log of it, averaged, is less noisy than counts on a few dozen frames).
 * This is how candidate models are chosen (ADR 0023); the labels are never trained on.
 */
const perFrame = { stills: [], roll: [] };
/** -log of the probability the position model alone gives the accepted positions (null: no readable pair). */
function labelLoss(a, b, accepted) {
  if (!a || !b) return null;
  const probabilities = modelProbabilities(a, b, ASPECT, candidate ?? POSITION_MODEL);
  if (probabilities === null) return null;
  const p = probabilities.reduce((sum, value, s) => sum + (accepted.includes(HMM_STATES[s].position) ? value : 0), 0);
  return -Math.log(Math.max(1e-6, p));
}
/** The position model's probability of each position (whoever is on top) for a pair, and the likeliest; null: unreadable. */
function readPositions(a, b) {
  const probabilities = modelProbabilities(a, b, ASPECT, candidate ?? POSITION_MODEL);
  if (probabilities === null) return null;
  const byPosition = new Map();
  const onTop = { a: 0, b: 0 };
  probabilities.forEach((p, s) => {
    const { position, top } = HMM_STATES[s];
    byPosition.set(position, (byPosition.get(position) ?? 0) + p);
    if (top === 'a' || top === 'b') onTop[top] += p;
  });
  const [best] = [...byPosition.entries()].sort((x, y) => y[1] - x[1])[0];
  return { byPosition, best, onTop };
}
/**
 * The same loss with the probability floored at 0.05: a frame the model gives nearly nothing (a garbled
 * skeleton) counts at most -log 0.05 = 3.0, so a few hopeless frames moving from 0.001 to 0.03 cannot
 * decide between models (ADR 0023, the sixth generator).
 */
const CAPPED_AT = 0.05;
function readFrame(set, a, b, accepted, name) {
  if (!a || !b) return;
  const reading = readPositions(a, b);
  if (reading === null) return;
  const { byPosition, best } = reading;
  const p = accepted.reduce((sum, position) => sum + (byPosition.get(position) ?? 0), 0);
  perFrame[set].push({
    right: accepted.includes(best),
    logLoss: -Math.log(Math.max(1e-6, p)),
    cappedLoss: -Math.log(Math.max(CAPPED_AT, p)),
  });
  dumped.push({ set, name, accepted, said: best, a, b });
}
/** Adds a pair to the dump alone (`DUMP_PAIRS`), not to the per-frame figures: the stills' other three readings. */
function dumpPair(set, name, accepted, a, b) {
  const reading = a && b ? readPositions(a, b) : null;
  if (reading !== null) dumped.push({ set, name, accepted, said: reading.best, a, b });
}
/**
 * `DRAW_PAIRS=folder` writes, for each still and roll frame, an SVG of the picture as the analysis saw it
 * (letterboxed into 640x360, the footage linked by its path, never copied) with every person the pose stage
 * found in grey, the two athletes chosen in red (a) and blue (b), their left limbs solid and right limbs
 * dashed, the pair's box drawn by eye in yellow and bystanders' boxes in grey: to see where the pose stage
 * or the choice of the athletes goes wrong. Open the files in a browser.
 */
const LIMBS = [
  [5, 6, 'both'],
  [11, 12, 'both'],
  [5, 11, 'left'],
  [6, 12, 'right'],
  [5, 7, 'left'],
  [7, 9, 'left'],
  [6, 8, 'right'],
  [8, 10, 'right'],
  [11, 13, 'left'],
  [13, 15, 'left'],
  [12, 14, 'right'],
  [14, 16, 'right'],
  [0, 5, 'both'],
  [0, 6, 'both'],
];
function drawPair(name, file, people, tracked, box, caption) {
  const folder = process.env.DRAW_PAIRS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const xy = (k) => `${(k.x * WIDTH).toFixed(1)},${(k.y * HEIGHT).toFixed(1)}`;
  const person = (skeleton, colour, width) =>
    LIMBS.filter(([i, j]) => skeleton.keypoints[i].score >= 0.3 && skeleton.keypoints[j].score >= 0.3)
      .map(
        ([i, j, side]) =>
          `<polyline points="${xy(skeleton.keypoints[i])} ${xy(skeleton.keypoints[j])}" stroke="${colour}" stroke-width="${width}"${side === 'right' ? ' stroke-dasharray="4 3"' : ''}/>`,
      )
      .join('');
  const rect = ([left, top, right, bottom], colour) =>
    `<rect x="${left * WIDTH}" y="${top * HEIGHT}" width="${(right - left) * WIDTH}" height="${(bottom - top) * HEIGHT}" stroke="${colour}" stroke-dasharray="2 2"/>`;
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT + 20}" width="${2 * WIDTH}" fill="none">`,
    `<rect width="${WIDTH}" height="${HEIGHT + 20}" fill="black"/>`,
    `<image href="${pathToFileURL(file).href}" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="xMidYMid meet"/>`,
    box ? rect(box, 'yellow') : '',
    ...(box?.bystanders ?? []).map((bystander) => rect(bystander, 'grey')),
    ...people.map((other) => person(other, 'rgba(200,200,200,0.7)', 1)),
    tracked?.a ? person(tracked.a, 'red', 2) : '',
    tracked?.b ? person(tracked.b, 'deepskyblue', 2) : '',
    `<text x="4" y="${HEIGHT + 14}" fill="white" font-size="11" font-family="sans-serif">${escape(caption)}</text>`,
    '</svg>',
  ].join('\n');
  writeFileSync(path.join(folder, `${name}.svg`), svg);
}
const seenDump = {};
/**
 * What the two athletes wear, as the footage's own descriptions say (stills/labels.csv's "what it shows",
 * the README for the roll): the words a user would write in the student identifier.
 */
const WEARS = {
  'mount01.jpeg': ['blue', 'white'],
  'mount03.jpeg': ['white', 'blue'],
  'mount04.jpg': ['blue', 'white'],
  'mount05.jpeg': ['white', 'blue'],
  'close_guard01.jpeg': ['white', 'blue'],
  'back04.jpg': ['white', 'blue'],
  roll: ['red', 'black'],
};
/**
 * Telling the student from the partner by what they wear: each of the two words names one athlete. Without
 * labels of which athlete wears what, "told apart" is that both words identify an athlete and not the same
 * one; "one athlete twice" is plainly wrong.
 */
const identification = { n: 0, told: 0, twice: 0, unsure: 0, lines: [], worn: 0, notWorn: 0 };
/** Colours neither athlete wears (the judo clip: two white gis, one in shadow; the roll: black and red), which must name nobody. */
const NEITHER_WEARS = { judo: ['blue', 'black'], roll: ['white'] };
function namesNobody(what, word, colours) {
  if (!word) return;
  const reading = identifyStudent(`${word} gi`, colours);
  identification.notWorn++;
  if (reading.kind === 'identified') identification.worn++;
  identification.lines.push(
    `${what}: ${word} (neither wears it) ${reading.kind === 'identified' ? reading.student : reading.kind}`,
  );
}
function tellApart(what, words, colours) {
  if (!words) return;
  const [first, second] = words.map((word) => identifyStudent(`${word} gi`, colours));
  identification.n++;
  if (first.kind === 'identified' && second.kind === 'identified') {
    if (first.student === second.student) identification.twice++;
    else identification.told++;
  } else identification.unsure++;
  const said = (reading) => (reading.kind === 'identified' ? reading.student : reading.kind);
  identification.lines.push(`${what}: ${words[0]} ${said(first)}, ${words[1]} ${said(second)}`);
}
/**
 * `DUMP_PAIRS=file.json` writes these real pairs (skeletons and accepted positions) to compare models offline:
 * sets `stills` and `roll` (the per-frame figures), and the stills' other readings (`stills as a clip`,
 * `stills mirrored`, `stills as a clip mirrored`: the first frame's pair), which a change should be measured
 * on too (ADR 0022: the pose stage reads a mirror image as another picture).
 */
const dumped = [];
function confusionTable(title, rows) {
  const columns = [...new Set(rows.map((row) => row.said))].sort();
  const truths = [...new Set(rows.map((row) => row.truth))].sort();
  const width = Math.max(14, ...truths.map((t) => t.length + 1));
  console.log(`  ${title}: rows are the labels, columns what the analysis said`);
  console.log(`  ${''.padEnd(width)}${columns.map((c) => c.slice(0, 12).padStart(13)).join('')}`);
  for (const truth of truths) {
    const counts = columns.map((c) => rows.filter((row) => row.truth === truth && row.said === c).length);
    console.log(`  ${truth.padEnd(width)}${counts.map((n) => String(n || '.').padStart(13)).join('')}`);
  }
}

// ---------------------------------------------------------------- the run

const threads = defaultPoseThreads();
const estimator = await createPoseEstimator(threads, { topDown: process.env.POSE_TOP_DOWN });
// `POSE_FOCUS=off` gives the pose stage no focus (where the athletes were in the frames before), to see what
// carrying it from frame to frame does; the app always gives it.
const detector =
  process.env.POSE_FOCUS === 'off'
    ? Object.create(estimator, { detect: { value: (frame) => estimator.detect(frame) } })
    : estimator;
const detectAll = (frames) => Promise.all(frames.map((frame) => detector.detect(frame)));
const started = performance.now();
const summary = {};
let modelRuns = 0;
/** Wall seconds of the pose stage on each real clip, seen frame after frame as the analysis sees a video. */
const poseSeconds = {};

try {
  // Stills: one frame each, the athletes chosen as a one-frame video would choose them.
  const stillRows = readCsv(path.join(FOOTAGE, 'stills', 'labels.csv')).slice(0, SMOKE ? 2 : undefined);
  const stillFrames = await Promise.all(stillRows.map((row) => decodeImage(path.join(FOOTAGE, 'stills', row.file))));
  let runsBefore = detector.modelRuns;
  const stillPeople = await detectAll(stillFrames);
  const stillRuns = detector.modelRuns - runsBefore;
  console.log(
    `\n== Stills (${stillRows.length} real photographs and broadcast frames, letterboxed to ${WIDTH}x${HEIGHT})`,
  );
  let detectedBoth = 0;
  let chosenBoth = 0;
  let wrongChosen = 0;
  let positionsRight = 0;
  let rightOnPair = 0;
  const confusion = [];
  for (const [i, row] of stillRows.entries()) {
    const frame = stillFrames[i];
    const people = stillPeople[i];
    const box = stillBox(row.file);
    const tracking = trackAthletes([seenFrame(frame, people)]);
    const [tracked] = tracking.frames;
    const onBox = onPair(people, box);
    const judged = judgeChosen(tracked, box);
    if (onBox >= 2) detectedBoth++;
    if (judged.both) chosenBoth++;
    wrongChosen += judged.wrong;
    const timeline = tracking.athletesFound >= 2 ? timelineOf([{ time: 0, a: tracked.a, b: tracked.b }]) : [];
    const segment = segmentAt(timeline, 0);
    const said = segment?.position ?? 'none';
    const right = stillAccepts(row).includes(said);
    if (right) positionsRight++;
    if (right && judged.both) rightOnPair++;
    if (tracking.athletesFound >= 2) readFrame('stills', tracked.a, tracked.b, stillAccepts(row), row.file);
    if (segment)
      calibration.push({ set: 'stills', confidence: segment.confidence, right, unclear: said === 'unclear' });
    confusion.push({ truth: row.position, said });
    drawPair(
      `still-${row.file}`,
      path.join(FOOTAGE, 'stills', row.file),
      people,
      tracked,
      box,
      `${row.file}: ${row.position} -> ${said}`,
    );
    console.log(
      `  ${row.file.padEnd(26)} people ${String(people.length).padStart(2)}, on the pair ${onBox}; chosen ${judged.chosen}` +
        `${judged.both ? ' = the grapplers' : judged.wrong > 0 ? ` (${judged.wrong} not a grappler)` : ''}; ` +
        `${row.position} -> ${said}${segment ? ` ${segment.confidence.toFixed(2)}` : ''} ${right ? 'RIGHT' : 'wrong'}`,
    );
  }
  confusionTable('stills', confusion);
  summary.stills = {
    n: stillRows.length,
    detectedBoth,
    chosenBoth,
    wrongChosen,
    positionsRight,
    rightOnPair,
    runs: stillRuns,
  };

  // The open-mat roll: 23 frames 2 s apart, tracked as one video.
  const rollFiles = Object.keys(pairs['openmat-roll']).slice(0, SMOKE ? 2 : undefined);
  const rollFrames = await Promise.all(
    rollFiles.map((file) => decodeImage(path.join(FOOTAGE, 'openmat-roll', file), Number(/_(\d+)s\./.exec(file)[1]))),
  );
  runsBefore = detector.modelRuns;
  // A clip is seen as the analysis sees it: frame after frame, each told where the athletes were.
  let seeing = performance.now();
  const rollSeen = await seeFrames(rollFrames, detector);
  poseSeconds.roll = (performance.now() - seeing) / 1000;
  const rollPeople = rollSeen.map((frame) => frame.people);
  const rollRuns = detector.modelRuns - runsBefore;
  const rollTracking = trackAthletes(rollSeen);
  tellApart('roll as pictures', WEARS.roll, rollTracking.colours);
  for (const word of NEITHER_WEARS.roll) namesNobody('roll as pictures', word, rollTracking.colours);
  // `DUMP_SEEN=file.json` writes the people the pose stage saw in each roll and judo frame, to study the
  // choice of the athletes (tracking) offline without running the pose model again.
  seenDump.roll = rollSeen;
  const rollTimeline =
    rollTracking.athletesFound >= 2 ? timelineOf(rollTracking.frames.map(({ time, a, b }) => ({ time, a, b }))) : [];
  console.log(`\n== Open-mat roll (${rollFiles.length} frames, other pairs and bystanders behind)`);
  const roll = { n: rollFiles.length, detectedBoth: 0, chosenBoth: 0, wrongChosen: 0, people: 0 };
  for (const [i, file] of rollFiles.entries()) {
    const box = rollBox(file);
    const onBox = onPair(rollPeople[i], box);
    const judged = judgeChosen(rollTracking.frames[i], box);
    roll.people += rollPeople[i].length;
    if (onBox >= 2) roll.detectedBoth++;
    if (judged.both) roll.chosenBoth++;
    roll.wrongChosen += judged.wrong;
    const segment = segmentAt(rollTimeline, rollFrames[i].time);
    drawPair(
      `roll-${file}`,
      path.join(FOOTAGE, 'openmat-roll', file),
      rollPeople[i],
      rollTracking.frames[i],
      box,
      `${file}: ${segment?.position ?? 'none'}`,
    );
    console.log(
      `  ${file.padEnd(20)} people ${String(rollPeople[i].length).padStart(2)}, on the pair ${onBox}; chosen ${judged.chosen}` +
        `${judged.both ? ' = the rollers' : judged.wrong > 0 ? ` (${judged.wrong} not a roller)` : ''}; ${segment?.position ?? 'none'}`,
    );
  }
  const weakAll = readCsv(path.join(FOOTAGE, 'openmat-roll', 'weak-labels.csv'));
  for (const [i, frame] of rollFrames.entries()) {
    const row = weakAll.find((label) => Math.abs(Number(label.t_s) - frame.time) <= 1.01);
    const tracked = rollTracking.frames[i];
    if (row && tracked) {
      readFrame('roll', tracked.a, tracked.b, rowAccepts(row), rollFiles[i]);
    }
  }
  const weak = weakAll.filter((row) => Number(row.t_s) <= (rollFrames.at(-1)?.time ?? 0) + 2);
  let agreed = 0;
  let agreedOnRollers = 0;
  const rollConfusion = [];
  for (const row of weak) {
    const segment = segmentAt(rollTimeline, Number(row.t_s));
    const accepted = rowAccepts(row);
    const said = segment?.position ?? 'none';
    const right = accepted.includes(said);
    if (right) agreed++;
    if (right && rollersAt(rollTracking.frames, Number(row.t_s), (i) => rollBox(rollFiles[i]))) agreedOnRollers++;
    if (segment)
      calibration.push({ set: 'roll', segment, confidence: segment.confidence, right, unclear: said === 'unclear' });
    rollConfusion.push({ truth: `${row.athlete_black}/${row.athlete_red}`, said });
  }
  confusionTable('roll, rough labels (black/red)', rollConfusion);
  summary.roll = { ...roll, labels: weak.length, agreed, agreedOnRollers, runs: rollRuns };

  // The roll mirrored: the same roll in new pictures (the pose model is not symmetric), a second reading.
  const mirroredRoll = await Promise.all(
    rollFiles.map((file) =>
      decodeImage(path.join(FOOTAGE, 'openmat-roll', file), Number(/_(\d+)s\./.exec(file)[1]), true),
    ),
  );
  const mirroredSeen = await seeFrames(mirroredRoll, detector);
  seenDump.mirroredRoll = mirroredSeen;
  const mirroredTracking = trackAthletes(mirroredSeen);
  tellApart('roll mirrored', WEARS.roll, mirroredTracking.colours);
  const mirroredTimeline =
    mirroredTracking.athletesFound >= 2
      ? timelineOf(mirroredTracking.frames.map(({ time, a, b }) => ({ time, a, b })))
      : [];
  const rollMirrored = { chosenBoth: 0, wrongChosen: 0, agreed: 0, agreedOnRollers: 0 };
  for (const [i, file] of rollFiles.entries()) {
    const judged = judgeChosen(mirroredTracking.frames[i], mirrorBox(rollBox(file)));
    if (judged.both) rollMirrored.chosenBoth++;
    rollMirrored.wrongChosen += judged.wrong;
  }
  for (const row of weak) {
    if (!rowAccepts(row).includes(segmentAt(mirroredTimeline, Number(row.t_s))?.position ?? 'none')) continue;
    rollMirrored.agreed++;
    if (rollersAt(mirroredTracking.frames, Number(row.t_s), (i) => mirrorBox(rollBox(rollFiles[i]) ?? [0, 0, 0, 0])))
      rollMirrored.agreedOnRollers++;
  }
  console.log(
    `  mirrored: ${mirroredTimeline.map((s) => `${s.start}-${s.end} ${s.position}`).join(', ') || 'no timeline'}`,
  );
  summary.rollMirrored = rollMirrored;

  // The judo clip, every frame, through the app's own frame sampler.
  const media = new MediaRepository();
  /** A video's frames as the app samples an upload (`framesPerSecond`, the analysis size). */
  const sampledFrames = async (file, framesPerSecond) => {
    const info = await media.probe(file);
    const source = { path: file, demuxer: info.demuxer, durationSeconds: info.durationSeconds };
    const frames = [];
    for await (const frame of media.sampleFrames(source, { framesPerSecond, width: WIDTH, height: HEIGHT }))
      frames.push(frame);
    return frames;
  };
  const judoFrames = [];
  const judoFile = path.join(FOOTAGE, 'judo-clip', 'judo_davis_854x480.mp4');
  for (const [sampled, frame] of (await sampledFrames(judoFile, 30)).entries()) {
    if (!SMOKE || sampled % 16 === 0) judoFrames.push(frame);
  }
  runsBefore = detector.modelRuns;
  seeing = performance.now();
  const judoSeen = await seeFrames(judoFrames, detector);
  poseSeconds.judo = (performance.now() - seeing) / 1000;
  const judoPeople = judoSeen.map((frame) => frame.people);
  const judoRuns = detector.modelRuns - runsBefore;
  seenDump.judo = judoSeen;
  const judoTracking = trackAthletes(judoSeen);
  for (const word of NEITHER_WEARS.judo) namesNobody('judo clip', word, judoTracking.colours);
  const judoTimeline =
    judoTracking.athletesFound >= 2 ? timelineOf(judoTracking.frames.map(({ time, a, b }) => ({ time, a, b }))) : [];
  // Its header's first name has a comma of its own: read by place (frame range first, app position last).
  const judoLabels = readCsvRows(path.join(FOOTAGE, 'judo-clip', 'labels.csv')).map((values) => ({
    frames: values[0],
    app_position: values.at(-1),
  }));
  const judo = { n: judoFrames.length, detectedBoth: 0, chosenBoth: 0, wrongChosen: 0, agreed: 0 };
  const judoConfusion = [];
  for (const [i, frame] of judoFrames.entries()) {
    const index = Math.round(frame.time * 30);
    const box = pairs['judo-clip'].find(({ frames: [from, to] }) => index >= from && index <= to)?.box;
    const label = judoLabels.find((row) => {
      const [from, to] = row.frames.split('-').map(Number);
      return index >= from && index <= to;
    });
    if (!box || !label) continue;
    if (onPair(judoPeople[i], box) >= 2) judo.detectedBoth++;
    const judged = judgeChosen(judoTracking.frames[i], box);
    if (judged.both) judo.chosenBoth++;
    judo.wrongChosen += judged.wrong;
    const segment = segmentAt(judoTimeline, frame.time);
    const said = segment?.position ?? 'none';
    // Before and during the throw: standing (a throw in progress may be a scramble); after it: no ground position.
    const accepted = label.app_position.startsWith('none')
      ? ['standing', 'scramble', 'none']
      : label.app_position.includes('takedown')
        ? ['standing', 'scramble']
        : ['standing'];
    const right = accepted.includes(said);
    if (right) judo.agreed++;
    if (segment)
      calibration.push({ set: 'judo', segment, confidence: segment.confidence, right, unclear: said === 'unclear' });
    judoConfusion.push({ truth: label.app_position.split(' ')[0], said });
  }
  console.log(`\n== Judo clip (${judoFrames.length} frames at 30 fps, five bystanders at the mat edge)`);
  confusionTable('judo', judoConfusion);
  summary.judo = { ...judo, runs: judoRuns };

  // The roll made into a clip, as an upload: each frame held for its 2 s (H.264, 25 fps), sampled by the
  // app's own sampler at its rate. The held-out set measures real frames made into clips; the frames read
  // one by one above are the same pictures without the video's compression and repeats.
  const rollClip = { n: 0, chosenBoth: 0, wrongChosen: 0, agreed: 0, agreedOnRollers: 0, named: 0, frames: 0, runs: 0 };
  const clipDirRoll = mkdtempSync(path.join(tmpdir(), 'openmat-roll-clip-'));
  // Each frame is held until the next one's time; clip time t shows the roll at its first frame's time plus t.
  const start = rollFrames[0]?.time ?? 0;
  const ROLL_STEP = (rollFrames[1]?.time ?? start + 2) - start;
  try {
    const list = path.join(clipDirRoll, 'frames.txt');
    writeFileSync(
      list,
      rollFiles.map((file) => `file '${path.join(FOOTAGE, 'openmat-roll', file)}'\nduration ${ROLL_STEP}\n`).join('') +
        `file '${path.join(FOOTAGE, 'openmat-roll', rollFiles.at(-1))}'\n`,
    );
    const file = path.join(clipDirRoll, 'roll.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-vf', 'fps=25,scale=trunc(iw/2)*2:trunc(ih/2)*2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', file],
    ]);
    const frames = await sampledFrames(file, APP_FPS);
    const runsBefore = detector.modelRuns;
    const seen = await seeFrames(frames, detector);
    rollClip.frames = frames.length;
    rollClip.runs = detector.modelRuns - runsBefore;
    seenDump.rollClip = seen;
    const tracking = trackAthletes(seen);
    tellApart('roll as a clip', WEARS.roll, tracking.colours);
    const timeline =
      tracking.athletesFound >= 2 ? timelineOf(tracking.frames.map(({ time, a, b }) => ({ time, a, b }))) : [];
    for (const [i, tracked] of tracking.frames.entries()) {
      const picture = Math.floor(tracked.time / ROLL_STEP);
      const box = rollBox(rollFiles[picture]);
      if (!box || seen[i]?.repeat) continue;
      const judged = judgeChosen(tracked, box);
      rollClip.n++;
      if (judged.both) rollClip.chosenBoth++;
      rollClip.wrongChosen += judged.wrong;
    }
    // A repeated picture's people are the frame before's: the rollers are judged on the picture's box.
    const clipBox = (i) => rollBox(rollFiles[Math.floor(tracking.frames[i].time / ROLL_STEP)]);
    for (const row of weak) {
      const said = segmentAt(timeline, Number(row.t_s) - start)?.position ?? 'none';
      if (rowAccepts(row).includes(said)) {
        rollClip.agreed++;
        if (rollersAt(tracking.frames, Number(row.t_s) - start, clipBox)) rollClip.agreedOnRollers++;
      }
      // A position named (not unclear, not a gap) at a label: a claim, right or wrong.
      if (said !== 'unclear' && said !== 'none') rollClip.named++;
    }
    console.log(`\n== Open-mat roll made into a clip (${frames.length} frames sampled at ${APP_FPS} a second)`);
    console.log(
      `  ${timeline.map((s) => `${s.start + start}-${s.end + start} ${s.position}`).join(', ') || 'no timeline'}`,
    );
  } finally {
    rmSync(clipDirRoll, { recursive: true, force: true });
  }
  summary.rollClip = rollClip;

  // The stills made into clips, analysed as uploads are: the held-out set measures real frames this way.
  // Then the stills mirrored, as pictures and as clips: the same positions in new pictures (the pose model
  // is not symmetric, so a mirror image is another reading), to tell a change from noise on 17 stills.
  const clipDir = mkdtempSync(path.join(tmpdir(), 'openmat-still-clips-'));
  /** One still read as a clip (or as a picture, `asClip` false), mirrored or not. */
  const readStill = async (row, { asClip, mirror }) => {
    const still = path.join(FOOTAGE, 'stills', row.file);
    let frames;
    if (asClip) {
      const file = path.join(clipDir, `${mirror ? 'mirrored-' : ''}${row.file}.mp4`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-loop', '1', '-i', still, '-t', '4', '-r', '25'],
        ...['-vf', `${mirror ? 'hflip,' : ''}scale=trunc(iw/2)*2:trunc(ih/2)*2`, '-pix_fmt', 'yuv420p'],
        ...['-c:v', 'libx264', file],
      ]);
      frames = await sampledFrames(file, APP_FPS);
    } else {
      frames = [await decodeImage(still, 0, mirror)];
    }
    const seen = await seeFrames(frames, detector);
    (seenDump.stills ??= []).push({ file: row.file, asClip, mirror, seen });
    const tracking = trackAthletes(seen);
    const box = mirror ? mirrorBox(stillBox(row.file)) : stillBox(row.file);
    const both = tracking.frames.filter((tracked) => judgeChosen(tracked, box).both).length;
    const timeline =
      tracking.athletesFound >= 2 ? timelineOf(tracking.frames.map(({ time, a, b }) => ({ time, a, b }))) : [];
    // What the clip is read as: the position of its longest segment.
    const longest = timeline.reduce((best, s) => (!best || s.end - s.start > best.end - best.start ? s : best), null);
    const said = longest?.position ?? 'none';
    const [first] = tracking.frames;
    const loss = labelLoss(first?.a, first?.b, stillAccepts(row));
    // The same still read another way is another real pair, for comparing models offline on all four.
    dumpPair(
      `stills${asClip ? ' as a clip' : ''}${mirror ? ' mirrored' : ''}`,
      row.file,
      stillAccepts(row),
      first?.a,
      first?.b,
    );
    if (asClip) tellApart(`${row.file}${mirror ? ' mirrored' : ''} as a clip`, WEARS[row.file], tracking.colours);
    return { frames: frames.length, both, timeline, longest, said, right: stillAccepts(row).includes(said), loss };
  };
  const tally = () => ({
    n: 0,
    frames: 0,
    chosenBoth: 0,
    allFrames: 0,
    positionsRight: 0,
    rightOnPair: 0,
    runs: 0,
    losses: [],
  });
  const clipped = tally();
  const mirrored = { pictures: tally(), clips: tally() };
  const clipConfusion = [];
  const count = (into, read) => {
    into.n++;
    into.frames += read.frames;
    into.chosenBoth += read.both;
    if (read.both === read.frames) into.allFrames++;
    if (read.right) into.positionsRight++;
    // Right with both grapplers chosen in every frame: not a reading of somebody else.
    if (read.right && read.both === read.frames) into.rightOnPair++;
    if (read.loss !== null) into.losses.push(read.loss);
  };
  console.log('\n== Stills made into clips (4 s of H.264 each, sampled, tracked and read as an upload)');
  try {
    runsBefore = detector.modelRuns;
    for (const row of stillRows) {
      const read = await readStill(row, { asClip: true, mirror: false });
      count(clipped, read);
      if (read.longest)
        calibration.push({
          set: 'clips',
          confidence: read.longest.confidence,
          right: read.right,
          unclear: read.said === 'unclear',
        });
      clipConfusion.push({ truth: row.position, said: read.said });
      console.log(
        `  ${row.file.padEnd(26)} both grapplers chosen in ${read.both}/${read.frames} frames; ${row.position} -> ` +
          `${read.timeline.map((s) => `${s.position} ${s.confidence.toFixed(2)}`).join(', ') || 'none'} ${read.right ? 'RIGHT' : 'wrong'}`,
      );
    }
    clipped.runs = detector.modelRuns - runsBefore;
    confusionTable('stills as clips', clipConfusion);
    console.log('\n== Stills mirrored (left to right), as pictures and as clips');
    for (const row of stillRows) {
      const picture = await readStill(row, { asClip: false, mirror: true });
      const clip = await readStill(row, { asClip: true, mirror: true });
      count(mirrored.pictures, picture);
      count(mirrored.clips, clip);
      console.log(
        `  ${row.file.padEnd(26)} ${row.position.padEnd(13)} picture: ${picture.both ? 'both' : 'not both'}, ` +
          `${picture.said} ${picture.right ? 'RIGHT' : 'wrong'}; clip: both in ${clip.both}/${clip.frames}, ${clip.said} ${clip.right ? 'RIGHT' : 'wrong'}`,
      );
    }
  } finally {
    rmSync(clipDir, { recursive: true, force: true });
  }
  summary.clips = clipped;
  summary.mirrored = mirrored;

  // Frames with nobody: the analysis must choose no athletes.
  const emptyFrames = [
    await decodeImage(path.join(root, 'apps/server/test/fixtures/people/no-person.jpg')),
    { time: 0, width: WIDTH, height: HEIGHT, rgb: new Uint8Array(WIDTH * HEIGHT * 3).fill(128) },
  ];
  const emptyPeople = await detectAll(emptyFrames);
  const emptyChosen = emptyFrames.map((frame, i) => {
    const [tracked] = trackAthletes([seenFrame(frame, emptyPeople[i])]).frames;
    return [tracked.a, tracked.b].filter((person) => person !== null).length;
  });
  summary.empty = { n: emptyFrames.length, none: emptyChosen.filter((n) => n === 0).length };
} finally {
  modelRuns = detector.modelRuns;
  await detector.close();
}

// The synthetic skeletons of the tests (pose model bypassed), through the same position stage.
const labelled = synthetic.labelledSet(SMOKE ? 2 : 20, 19);
let synthRight = 0;
let synthTopRight = 0;
const synthConfusion = [];
const synthCalibration = [];
for (const { label, a, b } of labelled) {
  const [segment] = timelineOf([{ time: 0, a, b }]);
  const right = segment?.position === label.position;
  if (right) synthRight++;
  if (right && segment.top === label.top) synthTopRight++;
  synthConfusion.push({ truth: label.position, said: segment?.position ?? 'none' });
  synthCalibration.push({
    set: 'synthetic',
    confidence: segment?.confidence ?? 0,
    right,
    unclear: segment?.position === 'unclear',
  });
}
// The old hand-written rules (argmax of their scores), for comparison: they were written against these figures.
const classifierRight = labelled.filter(({ label, a, b }) => {
  const scores = handRuleProbabilities(a, b, ASPECT);
  const best = scores.indexOf(Math.max(...scores));
  return POSITION_STATES[best]?.position === label.position;
}).length;
console.log(
  `\n== Synthetic skeletons (test/support/skeleton-poses.ts, ${labelled.length} pairs, the pose model bypassed)`,
);
confusionTable('synthetic', synthConfusion);

// The position model alone on pairs of our own generator (the training data's kind, from a seed it was not
// trained on): skeletons placed with every joint, hidden ones too, and 1 % noise, as labelled keypoints are;
// and as the generated detector gives them (misses, noise, swapped limbs). What it learned of the generator,
// not of reality: the real figures above and the held-out set say how far the generator is from real athletes.
const generated = (() => {
  const random = seededRandom(77);
  const tally = { careful: { right: 0, n: 0 }, detector: { right: 0, n: 0 } };
  for (let i = 0; i < (SMOKE ? 10 : 150); i++) {
    for (const state of POSITION_STATES) {
      for (const kind of ['careful', 'detector']) {
        const noise =
          kind === 'careful' ? { jitter: 0.01, miss: 0, hiddenSeen: 1, swapAll: 0, swapOne: 0 } : randomNoise(random);
        const pair = generatePair(random, state, { noise, topIsA: state.top !== 'b' });
        const reading = readPositions(pair.a, pair.b);
        if (reading === null) continue;
        tally[kind].n++;
        if (reading.best === state.position) tally[kind].right++;
      }
    }
  }
  return tally;
})();

// The same careful pairs seen from fixed camera heights (elevation above the mat): the generator draws most
// of its cameras low, as most rolls are filmed, and the model reads views from above far worse (ADR 0023,
// "Cameras from above"). A camera here looks at the pair from 2.5-8 m, from any side, level.
const CAMERA_HEIGHTS = [
  { name: 'low (-3 to 35°)', from: -3, to: 35 },
  { name: 'raised (35-55°)', from: 35, to: 55 },
  { name: 'from above (55-82°)', from: 55, to: 82 },
];
const byHeight = (() => {
  const random = seededRandom(78);
  const between = (from, to) => from + (to - from) * random();
  return CAMERA_HEIGHTS.map(({ name, from, to }) => {
    let right = 0;
    let n = 0;
    for (let i = 0; i < (SMOKE ? 3 : 50); i++) {
      for (const state of POSITION_STATES) {
        const elevation = (between(from, to) * Math.PI) / 180;
        const distance = between(2.5, 8);
        const azimuth = between(0, 2 * Math.PI);
        const target = [0.2 + between(-0.15, 0.15), 0.3 + between(-0.15, 0.15), between(-0.15, 0.15)];
        const camera = {
          position: orbitPosition(target, distance, elevation, azimuth),
          target,
          fov: (between(40, 70) * Math.PI) / 180,
          roll: 0,
          centre: [0.5, 0.5],
        };
        const noise = { jitter: 0.01, miss: 0, hiddenSeen: 1, swapAll: 0, swapOne: 0 };
        const pair = generatePair(random, state, { noise, camera, topIsA: state.top !== 'b' });
        const reading = readPositions(pair.a, pair.b);
        if (reading === null) continue;
        n++;
        if (reading.best === state.position) right++;
      }
    }
    return { name, right, n };
  });
})();

/**
 * Reported confidence against the share right, one item per segment: a segment that covers several labelled
 * frames (the judo clip's, the roll's) is one claim, right by the share of its labelled frames it got right,
 * so one long segment does not fill a bucket by itself.
 */
function calibrationTable(title, all) {
  const bySegment = new Map();
  for (const item of all) {
    const key = item.segment ?? item;
    const seen = bySegment.get(key) ?? { ...item, frames: 0, rightFrames: 0 };
    seen.frames++;
    if (item.right) seen.rightFrames++;
    bySegment.set(key, seen);
  }
  const segments = [...bySegment.values()];
  // An unclear segment names no position: it is an abstention, counted apart, not a claim to be right about.
  const items = segments.filter((item) => !item.unclear);
  const abstained = segments.length - items.length;
  const frames = items.reduce((sum, item) => sum + item.frames, 0);
  console.log(
    `  ${title}: reported confidence -> share right (${items.length} segments name a position, over ${frames} labelled frames; ${abstained} unclear, abstained)`,
  );
  for (const [low, high] of [
    [0, 0.2],
    [0.2, 0.4],
    [0.4, 0.6],
    [0.6, 0.8],
    [0.8, 1.01],
  ]) {
    const inBucket = items.filter((item) => item.confidence >= low && item.confidence < high);
    if (inBucket.length === 0) continue;
    const mean = inBucket.reduce((sum, item) => sum + item.confidence, 0) / inBucket.length;
    const right = inBucket.reduce((sum, item) => sum + item.rightFrames / item.frames, 0);
    console.log(
      `    ${low.toFixed(1)}-${Math.min(1, high).toFixed(1)}: ${String(inBucket.length).padStart(4)} segments, mean confidence ${mean.toFixed(2)}, right ${pct(right, inBucket.length)}`,
    );
  }
}
// The position model alone on skeletons placed by hand on ten of the stills (bench/lib/hand-skeletons.json): real
// people with no pose model in between, as the held-out set measures the position model on real skeletons with
// ground truth. Rough, placed by eye; never trained on.
const handPlaced = JSON.parse(readFileSync(new URL('./lib/hand-skeletons.json', import.meta.url), 'utf8'));
const handRows = new Map(readCsv(path.join(FOOTAGE, 'stills', 'labels.csv')).map((row) => [row.file, row]));
const hand = { right: 0, n: 0, losses: [], topRight: 0, withTop: 0 };
console.log('\n== The position model alone on skeletons placed by hand (10 stills, no pose model)');
for (const [file, still] of Object.entries(handPlaced.stills)) {
  const row = handRows.get(file);
  if (!row) continue;
  const skeleton = (points) => ({
    keypoints: points.map(([x, y, score]) => ({ x, y, score })),
    box: { x: 0, y: 0, width: 0, height: 0 },
    score: 0.8,
  });
  const accepted = stillAccepts(row);
  const reading = readPositions(skeleton(still.a), skeleton(still.b));
  if (reading === null) continue;
  const p = accepted.reduce((sum, position) => sum + (reading.byPosition.get(position) ?? 0), 0);
  const right = accepted.includes(reading.best);
  hand.n += 1;
  if (right) hand.right += 1;
  hand.losses.push(-Math.log(Math.max(1e-6, p)));
  // Who is on top: the file's first athlete, a, is the one mounting, behind or inside the guard.
  let top = '';
  if (row.position !== 'standing') {
    const topIsA = reading.onTop.a > reading.onTop.b;
    hand.withTop += 1;
    if (topIsA) hand.topRight += 1;
    top = `; on top ${topIsA ? 'the top athlete' : 'the bottom athlete'} ${Math.max(reading.onTop.a, reading.onTop.b).toFixed(2)} ${topIsA ? 'RIGHT' : 'wrong'}`;
  }
  console.log(
    `  ${file.padEnd(26)} ${row.position.padEnd(13)} -> ${reading.best} ${(reading.byPosition.get(reading.best) ?? 0).toFixed(2)} ${right ? 'RIGHT' : 'wrong'}${top}`,
  );
}

console.log('\n== Calibration');
calibrationTable('real footage (stills, stills as clips, roll labels, judo frames)', calibration);
calibrationTable('synthetic', synthCalibration);

console.log('\n== Telling the student from the partner by what they wear ("<colour> gi" for each athlete)');
for (const line of identification.lines) console.log(`  ${line}`);

const { stills, roll, judo, empty, clips, mirrored, rollMirrored, rollClip } = summary;
console.log('\n== Summary                                  real footage                synthetic');
console.log(
  `athletes found, stills (pose model / chosen)  ${stills.detectedBoth}/${stills.n} / ${stills.chosenBoth}/${stills.n} = ${pct(stills.chosenBoth, stills.n)}        n/a (no pose model)`,
);
console.log(
  `athletes found, roll frames                   ${roll.detectedBoth}/${roll.n} / ${roll.chosenBoth}/${roll.n} = ${pct(roll.chosenBoth, roll.n)}   (${roll.wrongChosen} bystanders chosen)`,
);
console.log(
  `athletes found, roll frames mirrored          ${rollMirrored.chosenBoth}/${roll.n} = ${pct(rollMirrored.chosenBoth, roll.n)}   (${rollMirrored.wrongChosen} bystanders chosen)`,
);
console.log(
  `athletes found, judo frames                   ${judo.detectedBoth}/${judo.n} / ${judo.chosenBoth}/${judo.n} = ${pct(judo.chosenBoth, judo.n)}   (${judo.wrongChosen} bystanders chosen)`,
);
console.log(
  `athletes found, stills made into clips        ${clips.chosenBoth}/${clips.frames} frames = ${pct(clips.chosenBoth, clips.frames)}   (every frame of the clip: ${clips.allFrames}/${clips.n})`,
);
console.log(
  `athletes found, stills mirrored               picture ${mirrored.pictures.chosenBoth}/${mirrored.pictures.n}; clip ${mirrored.clips.chosenBoth}/${mirrored.clips.frames} frames`,
);
console.log(`frames with nobody -> no athletes            ${empty.none}/${empty.n}`);
console.log(
  `positions right, stills                       ${stills.positionsRight}/${stills.n} = ${pct(stills.positionsRight, stills.n)}               ${synthRight}/${labelled.length} = ${pct(synthRight, labelled.length)} (top too ${pct(synthTopRight, labelled.length)}; the old hand rules ${pct(classifierRight, labelled.length)}); real stills right with both grapplers chosen: ${stills.rightOnPair}`,
);
console.log(
  `position model alone, generated pairs        n/a                         careful ${pct(generated.careful.right, generated.careful.n)}, as a detector gives them ${pct(generated.detector.right, generated.detector.n)} (${generated.careful.n} each)`,
);
console.log(
  `position model alone, by camera height       n/a                         careful: ${byHeight.map(({ name, right, n }) => `${name} ${pct(right, n).trim()}`).join(', ')} (${byHeight[0].n} each)`,
);
console.log(
  `positions right, stills made into clips       ${clips.positionsRight}/${clips.n} = ${pct(clips.positionsRight, clips.n)}   (${clips.rightOnPair} with both grapplers chosen in every frame)`,
);
console.log(
  `positions right, stills mirrored              picture ${mirrored.pictures.positionsRight}/${mirrored.pictures.n}; clip ${mirrored.clips.positionsRight}/${mirrored.clips.n}   (${mirrored.pictures.rightOnPair} and ${mirrored.clips.rightOnPair} with both grapplers chosen)`,
);
{
  const right =
    stills.positionsRight + clips.positionsRight + mirrored.pictures.positionsRight + mirrored.clips.positionsRight;
  const all = stills.n + clips.n + mirrored.pictures.n + mirrored.clips.n;
  console.log(`positions right, stills read four ways       ${right}/${all} = ${pct(right, all)}`);
  const mean = (losses) => (losses.reduce((sum, loss) => sum + loss, 0) / Math.max(1, losses.length)).toFixed(2);
  const plain = perFrame.stills.map((f) => f.logLoss);
  const four = [...plain, ...clips.losses, ...mirrored.pictures.losses, ...mirrored.clips.losses];
  console.log(
    `position model alone, stills four ways: mean -log p(accepted) ${mean(four)} over ${four.length} pairs` +
      ` (pictures ${mean(plain)}, clips ${mean(clips.losses)}, mirrored ${mean(mirrored.pictures.losses)},` +
      ` mirrored clips ${mean(mirrored.clips.losses)})`,
  );
}
console.log(
  `agreement, roll rough labels                  ${roll.agreed}/${roll.labels} = ${pct(roll.agreed, roll.labels)}   (${roll.agreedOnRollers} of them with both rollers chosen at the label)`,
);
console.log(
  `agreement, roll mirrored                      ${rollMirrored.agreed}/${roll.labels} = ${pct(rollMirrored.agreed, roll.labels)}   (${rollMirrored.agreedOnRollers} with both rollers chosen)`,
);
console.log(
  `agreement, roll made into a clip              ${rollClip.agreed}/${roll.labels} = ${pct(rollClip.agreed, roll.labels)}   (both rollers chosen in ${rollClip.chosenBoth}/${rollClip.n} pictures, ${rollClip.wrongChosen} bystanders; ${rollClip.agreed} of the ${rollClip.named} positions named at a label right, ${rollClip.agreedOnRollers} with both rollers chosen)`,
);
console.log(`agreement, judo frames                        ${judo.agreed}/${judo.n} = ${pct(judo.agreed, judo.n)}`);
const frames = [...perFrame.stills, ...perFrame.roll];
console.log(
  `student told from partner by what they wear   ${identification.told}/${identification.n} (${identification.twice} one athlete for both words, ${identification.unsure} not told); a colour neither wears named somebody ${identification.worn}/${identification.notWorn}`,
);
console.log(
  `position model alone, skeletons placed by hand: ${hand.right}/${hand.n} right; mean -log p(accepted) ${(hand.losses.reduce((sum, loss) => sum + loss, 0) / Math.max(1, hand.n)).toFixed(2)}; who is on top ${hand.topRight}/${hand.withTop}`,
);
console.log(
  `position model alone, per frame: stills ${perFrame.stills.filter((f) => f.right).length}/${perFrame.stills.length},` +
    ` roll ${perFrame.roll.filter((f) => f.right).length}/${perFrame.roll.length};` +
    ` mean -log p(accepted) ${(frames.reduce((sum, f) => sum + f.logLoss, 0) / Math.max(1, frames.length)).toFixed(2)}` +
    ` (p floored at ${CAPPED_AT}: ${(frames.reduce((sum, f) => sum + f.cappedLoss, 0) / Math.max(1, frames.length)).toFixed(2)})` +
    ` over ${frames.length} real pairs${process.env.POSITION_MODEL ? ` (${process.env.POSITION_MODEL})` : ''}`,
);
// `SUMMARY_JSON=file.json` writes the summary's figures for another script to read (bench/analysis-steadiness.mjs).
if (process.env.SUMMARY_JSON) {
  const fourWays = [stills, clips, mirrored.pictures, mirrored.clips];
  writeFileSync(
    process.env.SUMMARY_JSON,
    JSON.stringify({
      rollAgreed: roll.agreed,
      rollMirroredAgreed: rollMirrored.agreed,
      rollClipAgreed: rollClip.agreed,
      rollLabels: roll.labels,
      rollAgreedOnRollers: roll.agreedOnRollers + rollMirrored.agreedOnRollers + rollClip.agreedOnRollers,
      rollLabelsThreeWays: 3 * roll.labels,
      rollClipChosen: rollClip.chosenBoth,
      rollClipBystanders: rollClip.wrongChosen,
      rollFramesReadRight: perFrame.roll.filter((f) => f.right).length,
      rollFramesRead: perFrame.roll.length,
      judoAgreed: judo.agreed,
      judoFrames: judo.n,
      stillsRight: stills.positionsRight,
      stillsFourWaysRight: fourWays.reduce((sum, set) => sum + set.positionsRight, 0),
      stillsFourWays: fourWays.reduce((sum, set) => sum + set.n, 0),
      stills: stills.n,
      stillsChosen: stills.chosenBoth,
      rollChosen: roll.chosenBoth,
      rollBystanders: roll.wrongChosen,
      rollFrames: roll.n,
      judoChosen: judo.chosenBoth,
      clipFramesChosen: clips.chosenBoth,
      clipFrames: clips.frames,
      told: identification.told,
      tellings: identification.n,
    }),
  );
}
if (process.env.DUMP_SEEN) writeFileSync(process.env.DUMP_SEEN, JSON.stringify({ boxes: pairs, ...seenDump }));
if (process.env.DUMP_PAIRS) writeFileSync(process.env.DUMP_PAIRS, JSON.stringify({ aspect: ASPECT, pairs: dumped }));
const frameCount =
  stills.n +
  2 * roll.n +
  judo.n +
  empty.n +
  clips.frames +
  mirrored.pictures.frames +
  mirrored.clips.frames +
  rollClip.frames;

console.log(
  `pose model on ${threads} thread(s); ${((performance.now() - started) / 1000).toFixed(1)} s for ${frameCount} frames;` +
    ` model runs a frame ${(modelRuns / frameCount).toFixed(2)} (stills ${stills.runs}, roll ${roll.runs}, judo ${judo.runs},` +
    ` ${clips.frames} frames of the stills as clips ${clips.runs} runs, ${rollClip.frames} of the roll as a clip ${rollClip.runs})`,
);
// What those looks cost a real video: the app samples ANALYSIS_FRAMES_PER_SECOND (2) frames a second.
const FPS = APP_FPS;
for (const [clip, n] of [
  ['roll', roll.n],
  ['judo', judo.n],
]) {
  if (poseSeconds[clip] === undefined || n === 0) continue;
  const perFrame = poseSeconds[clip] / n;
  console.log(
    `pose stage on the ${clip}: ${perFrame.toFixed(2)} s a frame; at ${FPS} frames a second of video, ` +
      `${(1 / (FPS * perFrame)).toFixed(2)}x real time (bench/analysis.mjs's empty pattern aims at 2x)`,
  );
}
