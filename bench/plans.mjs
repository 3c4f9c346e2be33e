// Lesson-plan generation time: composePlan for several levels, session lengths and class sizes, against a
// baseline measured in the same run: the knowledge-base candidate lookup alone (`techniquesFor` with the
// plan's audience), which every plan starts with. Also the first, JIT-cold call.
// Uses the built server: run `npm run build -w @openmat/contract -w @openmat/server` first.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

const dist = new URL('../apps/server/dist/coach/', import.meta.url);
const load = async (file) => {
  try {
    return await import(new URL(file, dist).href);
  } catch (error) {
    throw new Error(`cannot load ${file}; run \`npm run build -w @openmat/contract -w @openmat/server\` first`, {
      cause: error,
    });
  }
};
const { composePlan, planCandidates } = await load('plan/compose-plan.js');
const { techniquesFor, TECHNIQUES } = await load('knowledge/knowledge-base.js');

/** `BENCH_SMOKE=1` (npm test): one short timed run per case, only to prove the script still runs. */
const smoke = process.env.BENCH_SMOKE === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (smoke ? 1 : 31));
/** Plans per timed run, each with its own seed, so one run is well above the timer's resolution. */
const BATCH = Number(process.env.BENCH_BATCH ?? (smoke ? 3 : 50));
const today = new Date('2026-03-01T12:00:00Z');
const BELTS = ['White', 'Blue', 'Purple', 'Brown', 'Black'];

/** A deterministic roster of `size` adults, belts spread from white to the level's usual belt. */
function roster(size, topBelt) {
  return Array.from({ length: size }, (_, i) => ({
    belt: BELTS[i % (topBelt + 1)],
    birthdate: `${1975 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
  }));
}

const CASES = [
  { label: 'Kids, 45 min, 12 students', targetLevel: 'Kids', sessionMinutes: 45, size: 12, topBelt: 0 },
  { label: 'Beginner, 60 min, 20 students', targetLevel: 'Beginner', sessionMinutes: 60, size: 20, topBelt: 1 },
  { label: 'Intermediate, 90 min, 30 students', targetLevel: 'Intermediate', sessionMinutes: 90, size: 30, topBelt: 2 },
  { label: 'Advanced, 120 min, 30 students', targetLevel: 'Advanced', sessionMinutes: 120, size: 30, topBelt: 4 },
  {
    label: 'Expert no-gi, 180 min, 200 students, history and weaknesses',
    targetLevel: 'Expert',
    sessionMinutes: 180,
    size: 200,
    topBelt: 4,
    attire: 'nogi',
    recent: 40,
    weaknesses: [
      { tag: 'leg-locks', weight: 3 },
      { tag: 'back-defense', weight: 2 },
      { tag: 'scrambles', weight: 1 },
    ],
  },
];

function requestFor(spec, seed) {
  return {
    sessionMinutes: spec.sessionMinutes,
    targetLevel: spec.targetLevel,
    attire: spec.attire ?? 'gi',
    roster: roster(spec.size, spec.topBelt),
    recentTechniqueIds: TECHNIQUES.slice(0, spec.recent ?? 0).map((technique) => technique.id),
    weaknessTags: spec.weaknesses ?? [],
    language: seed % 2 === 0 ? 'en' : 'pl',
    seed,
    today,
  };
}

/** Median milliseconds per call of `fn(i)` over BATCH calls, after two untimed batches for the JIT. */
function medianPerCall(fn) {
  const batch = () => {
    for (let i = 0; i < BATCH; i++) fn(i);
  };
  batch();
  batch();
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    batch();
    times.push((performance.now() - start) / BATCH);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

console.log(`composePlan, median of ${RUNS} runs of ${BATCH} plans, Node ${process.version} on ${cpus().length} cores`);
console.log(['case'.padEnd(62), 'first call ms', 'ms per plan', 'lookup ms', 'ratio to lookup'].join('  '));
// Every request is built before timing; the first call of each case runs before anything else is warm.
const prepared = CASES.map((spec) => ({
  spec,
  requests: Array.from({ length: BATCH }, (_, i) => requestFor(spec, 1000 + i)),
}));
const cold = prepared.map(({ requests }) => {
  const start = performance.now();
  composePlan(requests[0]);
  return performance.now() - start;
});
let slowest = 0;
for (const [index, { spec, requests }] of prepared.entries()) {
  const { audience } = planCandidates(requests[0]);
  const query = { maxLevel: audience.maxLevel, attire: audience.attire, kids: audience.kids, belt: audience.belt };
  const lookup = medianPerCall(() => techniquesFor(query));
  const plan = medianPerCall((i) => composePlan(requests[i]));
  slowest = Math.max(slowest, plan);
  console.log(
    [
      spec.label.padEnd(62),
      cold[index].toFixed(3).padStart(13),
      plan.toFixed(3).padStart(11),
      lookup.toFixed(4).padStart(9),
      (plan / lookup).toFixed(1).padStart(15),
    ].join('  '),
  );
}
console.log(`slowest case: ${slowest.toFixed(3)} ms per plan (${(1000 / slowest).toFixed(0)} plans a second)`);
