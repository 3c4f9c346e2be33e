// How steady the development figures of bench/analysis-accuracy.mjs are: the same bench on the footage as it
// is and on copies changed in ways nobody could see (each picture saved again as a JPEG; 1 % brighter; 1 %
// darker; the judo clip encoded again the same way), one figure a row, with the lowest, the highest and the
// mean. Footage nobody here has seen differs from ours by far more than that, so a figure that moves between
// these copies moves by luck: compare changes on the mean, not on the original alone (ADR 0022, "How steady
// the figures are").
//
// Needs the server's build (`npm run build -w @openmat/server`), ffmpeg, and ../shared/footage (without it,
// it says so and exits 0). About four times the accuracy bench's time; `BENCH_SMOKE=1` reads one copy of a
// few files. `STEADINESS_COPIES=n` (1 to 3) reads fewer copies.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const FOOTAGE = path.resolve(root, '../shared/footage');
const SMOKE = process.env.BENCH_SMOKE === '1';
const run = promisify(execFile);

if (!existsSync(path.join(FOOTAGE, 'stills', 'labels.csv'))) {
  console.log(`skipped: no real footage at ${FOOTAGE} (a development set kept outside the repository; see its README)`);
  process.exit(0);
}

/** The copies: each an ffmpeg filter (none: the picture only encoded again). */
const COPIES = [
  { name: 'saved again', filter: null },
  { name: '1 % brighter', filter: 'eq=brightness=0.01' },
  { name: '1 % darker', filter: 'eq=brightness=-0.01' },
];
const asked = Number(process.env.STEADINESS_COPIES ?? COPIES.length);
if (!Number.isInteger(asked) || asked < 1 || asked > COPIES.length) {
  console.error(
    `STEADINESS_COPIES takes a whole number from 1 to ${COPIES.length}, not "${process.env.STEADINESS_COPIES}"`,
  );
  process.exit(2);
}
const wanted = SMOKE ? 1 : asked;

/** A copy of the footage folder with every picture and the clip passed through `filter` and encoded again. */
async function copyOf(folder, filter) {
  for (const sub of ['stills', 'openmat-roll', 'judo-clip']) {
    mkdirSync(path.join(folder, sub), { recursive: true });
    for (const file of readdirSync(path.join(FOOTAGE, sub))) {
      const from = path.join(FOOTAGE, sub, file);
      const to = path.join(folder, sub, file);
      const filterArgs = filter ? ['-vf', filter] : [];
      if (/\.(jpe?g)$/i.test(file)) {
        await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', from, ...filterArgs, '-q:v', '2', '-y', to]);
      } else if (/\.png$/i.test(file)) {
        await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', from, ...filterArgs, '-y', to]);
      } else if (/\.mp4$/i.test(file)) {
        await run('ffmpeg', [
          ...['-hide_banner', '-loglevel', 'error', '-i', from, ...filterArgs],
          ...['-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', '-an', '-y', to],
        ]);
      } else {
        copyFileSync(from, to);
      }
    }
  }
}

/** The accuracy bench on one folder; its summary's figures. */
function accuracyOn(folder, summary) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench', 'analysis-accuracy.mjs')], {
      env: { ...process.env, FOOTAGE_DIR: folder, SUMMARY_JSON: summary },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`the accuracy bench failed on ${folder} (exit ${status})`));
      else resolve(JSON.parse(readFileSync(summary, 'utf8')));
    });
  });
}

const work = mkdtempSync(path.join(tmpdir(), 'openmat-steadiness-'));
const readings = [];
try {
  const started = Date.now();
  // A smoke run (npm test) only has to show that the copies are made and read: the accuracy bench's own
  // smoke run reads the footage as it is.
  if (!SMOKE) readings.push({ name: 'as it is', figures: await accuracyOn(FOOTAGE, path.join(work, 'original.json')) });
  for (const [i, copy] of COPIES.slice(0, wanted).entries()) {
    const folder = path.join(work, `copy-${i}`);
    await copyOf(folder, copy.filter);
    readings.push({ name: copy.name, figures: await accuracyOn(folder, path.join(work, `copy-${i}.json`)) });
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(
    SMOKE
      ? '\n== A smoke run: one copy of a few files (its figures mean nothing)'
      : `\n== The development figures on the footage and on ${wanted} ${wanted === 1 ? 'copy' : 'copies'} nobody could tell from it`,
  );
  const rows = [
    ['roll agreement', 'rollAgreed', 'rollLabels'],
    ['roll mirrored agreement', 'rollMirroredAgreed', 'rollLabels'],
    ['roll as a clip agreement', 'rollClipAgreed', 'rollLabels'],
    // The roll judged on the labels agreed with both rollers chosen at the label (pictures, mirrored and
    // clip added): a label agreed on a bystander is luck (ADR 0022, "A body found by several looks is surer").
    ['roll agreed with both rollers chosen', 'rollAgreedOnRollers', 'rollLabelsThreeWays'],
    ['roll frames read right one by one', 'rollFramesReadRight', 'rollFramesRead'],
    ['judo agreement', 'judoAgreed', 'judoFrames'],
    ['stills right', 'stillsRight', 'stills'],
    ['stills right, four ways', 'stillsFourWaysRight', 'stillsFourWays'],
    ['stills, both chosen', 'stillsChosen', 'stills'],
    ['roll, both chosen', 'rollChosen', 'rollFrames'],
    ['roll, bystanders chosen', 'rollBystanders', null],
    ['roll as a clip, both rollers chosen', 'rollClipChosen', 'rollFrames'],
    ['roll as a clip, bystanders chosen', 'rollClipBystanders', null],
    ['judo, both chosen', 'judoChosen', 'judoFrames'],
    ['stills as clips, frames both chosen', 'clipFramesChosen', 'clipFrames'],
    ['told apart by what they wear', 'told', 'tellings'],
  ];
  const width = Math.max(...readings.map((r) => r.name.length), 8);
  console.log(
    `  ${''.padEnd(36)}${readings.map((r) => r.name.padStart(width + 2)).join('')}    lowest  highest     mean`,
  );
  for (const [label, key, outOf] of rows) {
    const values = readings.map((r) => r.figures[key]);
    const whole = outOf ? readings[0].figures[outOf] : null;
    const cell = (value) => (whole === null ? String(value) : `${value}/${whole}`).padStart(width + 2);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(
      `  ${label.padEnd(36)}${values.map(cell).join('')}${String(Math.min(...values)).padStart(10)}${String(Math.max(...values)).padStart(9)}${mean.toFixed(2).padStart(9)}`,
    );
  }
  console.log(
    `  ${readings.length} ${readings.length === 1 ? 'reading' : 'readings'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
