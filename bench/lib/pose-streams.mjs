// Writes the pose streams of apps/server/test/fixtures/pose-streams from the accuracy bench's DUMP_SEEN file:
//   DUMP_SEEN=/tmp/seen.json node bench/analysis-accuracy.mjs && node bench/lib/pose-streams.mjs /tmp/seen.json
// Numbers only (every person the pose stage saw, their joints and torso colours), rounded; no picture.
import { readFileSync, writeFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/lib/pose-streams.mjs seen.json (written by DUMP_SEEN=seen.json)');
  process.exit(2);
}
const seen = JSON.parse(readFileSync(file, 'utf8'));
const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;
const colour = (rgb) => (rgb ? rgb.map((value) => Math.round(value)) : null);
const person = (p) => ({
  score: round(p.score, 4),
  box: [p.box.x, p.box.y, p.box.width, p.box.height].map((value) => round(value, 4)),
  keypoints: p.keypoints.map((k) => [round(k.x, 4), round(k.y, 4), round(k.score, 4)]),
  colour: colour(p.colour),
  clothes: colour(p.clothes),
});
const STREAMS = {
  'openmat-roll': {
    frames: seen.roll,
    about:
      "The people the pose stage saw in the 23 frames of the real open-mat roll of the development footage (../shared/footage/openmat-roll: one frame every 2 s from 25 s, read as pictures), with the colour of each torso as it measured it; recorded with bench/analysis-accuracy.mjs DUMP_SEEN. Numbers only: the footage itself is not in the repository. Rough labels (a vision language model's): 29-43 s open guard and 50/50, 49 s half guard, 52-58 s side control, 66 s half guard.",
  },
  judo: {
    frames: seen.judo,
    about:
      'The people the pose stage saw in the 34 frames (30 a second) of the real judo clip of the development footage (../shared/footage/judo-clip), with the colour of each torso as it measured it; recorded with bench/analysis-accuracy.mjs DUMP_SEEN. Numbers only: the footage itself is not in the repository. Labels (by eye): frames 0-14 gripping on their feet, 15-25 the throw, 26-33 the thrown judoka on the mat with the thrower standing over him, holding his sleeve (no ground position yet).',
  },
};
// Three stills made into 4-second clips (8 frames at 2 a second) whose description says who is on top by
// what they wear: to check who is on top, and that naming the other colour swaps it.
const CLIPS = {
  'close_guard01.jpeg': 'white gi on the back, legs closed round the waist of the blue gi (closed guard): blue on top',
  'mount04.jpg': 'blue gi mounted on white gi: blue on top',
  'mount05.jpeg': 'white gi low on top of blue gi (a low mount, or half guard): white on top',
};
// A repeat is a frame showing the picture before it (a still made into a clip): tracking counts it once.
const framesOf = (frames) =>
  frames.map((frame) => ({
    time: round(frame.time, 4),
    ...(frame.repeat ? { repeat: true } : {}),
    people: frame.people.map(person),
  }));
const clips = Object.fromEntries(
  Object.entries(CLIPS).map(([file, shows]) => {
    const item = seen.stills.find((each) => each.file === file && each.asClip && !each.mirror);
    if (!item) throw new Error(`${file} made into a clip is not in the DUMP_SEEN file`);
    return [file, { shows, frames: framesOf(item.seen) }];
  }),
);
const files = {
  ...Object.fromEntries(
    Object.entries(STREAMS).map(([name, { frames, about }]) => [name, { about, frames: framesOf(frames) }]),
  ),
  'stills-as-clips': {
    about:
      'The people the pose stage saw in three stills of the development footage (../shared/footage/stills) made into 4-second H.264 clips and sampled at 2 frames a second as an upload is, with the colour of each torso as it measured it; recorded with bench/analysis-accuracy.mjs DUMP_SEEN. Numbers only: the footage itself is not in the repository. `clips` holds each still by its file name, with what it shows.',
    clips,
  },
};
for (const [name, content] of Object.entries(files)) {
  const target = new URL(`../../apps/server/test/fixtures/pose-streams/${name}.json`, import.meta.url);
  writeFileSync(target, JSON.stringify(content));
  console.log(`${name} -> ${target.pathname}`);
}
