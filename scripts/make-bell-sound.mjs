// Makes apps/web/public/sounds/bell.mp3, the one sound file of the lesson-plan countdown timers
// (start, pause/resume, finish) and of the sparring round timer (the same cues plus the ten-second warning). The generated file is committed, so nothing is downloaded at run time.
//
// Re-run it from the repository root after changing the cues below:
//
//   node scripts/make-bell-sound.mjs
//
// It synthesises the bells in Node as 16-bit PCM (a sum of inharmonic partials with exponential decay,
// the way a struck bell sounds), writes a temporary WAV file and encodes it to a small mono MP3 with
// ffmpeg, which must be on the PATH (or named by the FFMPEG environment variable).
//
// The cue times are part of the timer's contract; the web app reads the same numbers from
// apps/web/src/features/coach/components/bell-cues.ts:
//   start          at  0 s for 2 s: two quick, bright strikes;
//   pause / resume at  9 s for 2 s: one soft, lower strike;
//   finish         at 17 s for 3 s: three strikes, the end-of-round bell;
//   warning        at 21 s for 2 s: four fast, high taps, the round timer's "ten seconds left" cue.
// Silence lies between the cues, and every cue has died away before its segment ends.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 22_050;
const LENGTH_SECONDS = 23.5;
const OUTPUT = fileURLToPath(new URL('../apps/web/public/sounds/bell.mp3', import.meta.url));
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';

/** Partials of a struck bell, as multiples of the strike note, with their relative loudness and decay. */
const PARTIALS = [
  { ratio: 0.5, gain: 0.35, decay: 1.1 },
  { ratio: 1, gain: 1, decay: 1.6 },
  { ratio: 1.19, gain: 0.45, decay: 2.2 },
  { ratio: 1.5, gain: 0.3, decay: 2.8 },
  { ratio: 2, gain: 0.4, decay: 3.2 },
  { ratio: 2.74, gain: 0.22, decay: 4.5 },
  { ratio: 3.76, gain: 0.12, decay: 6 },
];

/** One cue: where its segment starts, how long it lasts, and its strikes (offset, note, loudness). */
const CUES = [
  {
    name: 'start',
    at: 0,
    duration: 2,
    strikes: [
      { offset: 0, frequency: 1046.5, gain: 0.8 },
      { offset: 0.28, frequency: 1046.5, gain: 0.8 },
    ],
  },
  { name: 'pause-resume', at: 9, duration: 2, strikes: [{ offset: 0, frequency: 659.25, gain: 0.6 }] },
  {
    name: 'finish',
    at: 17,
    duration: 3,
    strikes: [
      { offset: 0, frequency: 784, gain: 0.9 },
      { offset: 0.45, frequency: 784, gain: 0.9 },
      { offset: 0.9, frequency: 784, gain: 0.9 },
    ],
  },
  {
    name: 'warning',
    at: 21,
    duration: 2,
    strikes: [
      { offset: 0, frequency: 1568, gain: 0.55 },
      { offset: 0.15, frequency: 1568, gain: 0.55 },
      { offset: 0.3, frequency: 1568, gain: 0.55 },
      { offset: 0.45, frequency: 1568, gain: 0.55 },
    ],
  },
];

/** The last part of every segment fades to silence, so that pausing at the segment's end never clicks. */
const FADE_SECONDS = 0.25;
const ATTACK_SECONDS = 0.004;

const samples = new Float64Array(Math.round(LENGTH_SECONDS * SAMPLE_RATE));

for (const cue of CUES) {
  const first = Math.round(cue.at * SAMPLE_RATE);
  const count = Math.round(cue.duration * SAMPLE_RATE);
  for (const strike of cue.strikes) {
    const start = first + Math.round(strike.offset * SAMPLE_RATE);
    for (let i = 0; start + i < first + count; i += 1) {
      const t = i / SAMPLE_RATE;
      const attack = Math.min(1, t / ATTACK_SECONDS);
      let value = 0;
      for (const partial of PARTIALS) {
        value +=
          partial.gain * Math.exp(-partial.decay * t) * Math.sin(2 * Math.PI * strike.frequency * partial.ratio * t);
      }
      samples[start + i] += strike.gain * attack * value;
    }
  }
  const fadeCount = Math.round(FADE_SECONDS * SAMPLE_RATE);
  for (let i = 0; i < fadeCount; i += 1) {
    samples[first + count - fadeCount + i] *= 1 - (i + 1) / fadeCount;
  }
}

const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
const scale = peak > 0 ? 0.89 / peak : 0;

/** A mono 16-bit PCM WAV file of the samples. */
function wav() {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, index) => data.writeInt16LE(Math.round(value * scale * 32_767), index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const work = mkdtempSync(join(tmpdir(), 'openmat-bell-'));
try {
  const source = join(work, 'bell.wav');
  writeFileSync(source, wav());
  mkdirSync(fileURLToPath(new URL('../apps/web/public/sounds/', import.meta.url)), { recursive: true });
  const result = spawnSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      source,
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-ac',
      '1',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      OUTPUT,
    ],
    { stdio: 'inherit' },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`ffmpeg exited with status ${result.status}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const cueList = CUES.map((cue) => `${cue.name} at ${cue.at} s for ${cue.duration} s`).join(', ');
console.log(`Wrote ${OUTPUT} (${statSync(OUTPUT).size} bytes, ${LENGTH_SECONDS} s): ${cueList}.`);
