import {
  GROUND_POSITIONS,
  POSITION_STATES,
  stateIndex,
  type GroundPosition,
  type PositionState,
} from './classifier.js';

/**
 * Smoothing positions over time with a hidden Markov model: a generic log-space Viterbi decoder, and
 * the transition model of a roll (positions last seconds, and change only in ways grappling allows).
 */

/** log(0) that still adds up: a transition the model forbids, without NaNs from -Infinity - -Infinity. */
const LOG_ZERO = -1e9;

function safeLog(p: number): number {
  return p > 0 ? Math.log(p) : LOG_ZERO;
}

/**
 * The likeliest state path of an HMM, in log space so long videos do not underflow.
 * `logStart[s]`: log P(first state s); `logTransition(t)[from][to]`: log P(step t-1 to t);
 * `logEmission[t][s]`: log P(observation t | s). Returns one state index per step ([] for no steps).
 */
export function viterbi(
  logStart: readonly number[],
  logTransition: (step: number) => ReadonlyArray<readonly number[]>,
  logEmission: ReadonlyArray<readonly number[]>,
): number[] {
  const first = logEmission[0];
  if (first === undefined) return [];
  let best = logStart.map((start, s) => start + (first[s] ?? LOG_ZERO));
  const cameFrom: number[][] = [];
  for (let t = 1; t < logEmission.length; t++) {
    const step = forward(best, logTransition(t), logEmission[t] ?? []);
    best = step.best;
    cameFrom.push(step.from);
  }
  return backtrack(best, cameFrom);
}

/** One Viterbi step: for each state, the best predecessor and the score through it. */
function forward(
  previous: readonly number[],
  transition: ReadonlyArray<readonly number[]>,
  emission: readonly number[],
): { best: number[]; from: number[] } {
  const best: number[] = [];
  const from: number[] = [];
  for (let to = 0; to < previous.length; to++) {
    let top = -Infinity;
    let argTop = 0;
    for (let s = 0; s < previous.length; s++) {
      const score = (previous[s] ?? LOG_ZERO) + (transition[s]?.[to] ?? LOG_ZERO);
      if (score > top) {
        top = score;
        argTop = s;
      }
    }
    best.push(top + (emission[to] ?? LOG_ZERO));
    from.push(argTop);
  }
  return { best, from };
}

function backtrack(last: readonly number[], cameFrom: readonly (readonly number[])[]): number[] {
  let state = argmax(last);
  const path = [state];
  for (let t = cameFrom.length - 1; t >= 0; t--) {
    state = cameFrom[t]?.[state] ?? 0;
    path.push(state);
  }
  return path.reverse();
}

export function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? -Infinity) > (values[best] ?? -Infinity)) best = i;
  return best;
}

// ---- The transition model of a roll. ----

/** How long a position typically lasts, in seconds: a roll holds positions, a scramble passes quickly. */
const MEAN_STAY_SECONDS = 10;
const MEAN_SCRAMBLE_SECONDS = 3;
/**
 * Of the changes out of a state, the share that goes to changes grappling does not allow (a mount that
 * turns into the other's back-take in one step): small, but not zero, so a clear picture can still win.
 */
const IMPLAUSIBLE_SHARE = 0.01;

/** A change relative to the top of the state it leaves: same top, or the other athlete now on top. */
type Relation = 'same' | 'flipped';
type Move = readonly [GroundPosition, Relation, number];

/**
 * The plausible changes from each ground position, with rough relative weights. "same" keeps who is
 * on top (a guard pass, a mount from side control); "flipped" puts the other athlete on top (a sweep,
 * a reversal, the bottom taking the back). Standing and scramble connect to everything (below).
 */
const MOVES: Record<GroundPosition, readonly Move[]> = {
  'closed-guard': [
    ['open-guard', 'same', 3],
    ['half-guard', 'same', 1.5],
    ['side-control', 'same', 0.5],
    ['mount', 'flipped', 1],
    ['side-control', 'flipped', 0.3],
    ['back', 'flipped', 0.5],
  ],
  'open-guard': [
    ['closed-guard', 'same', 2],
    ['half-guard', 'same', 2],
    ['side-control', 'same', 1.5],
    ['knee-on-belly', 'same', 0.7],
    ['mount', 'same', 0.3],
    ['back', 'same', 0.3],
    ['mount', 'flipped', 0.7],
    ['side-control', 'flipped', 0.5],
    ['half-guard', 'flipped', 0.3],
    ['back', 'flipped', 0.5],
    ['turtle', 'same', 0.5],
  ],
  'half-guard': [
    ['side-control', 'same', 2],
    ['mount', 'same', 1],
    ['closed-guard', 'same', 1],
    ['open-guard', 'same', 1],
    ['knee-on-belly', 'same', 0.3],
    ['back', 'same', 0.3],
    ['mount', 'flipped', 0.5],
    ['side-control', 'flipped', 0.5],
    ['half-guard', 'flipped', 0.3],
    ['back', 'flipped', 0.5],
  ],
  'side-control': [
    ['mount', 'same', 2],
    ['knee-on-belly', 'same', 2],
    ['back', 'same', 0.5],
    ['half-guard', 'same', 1],
    ['open-guard', 'same', 0.7],
    ['closed-guard', 'same', 0.2],
    ['turtle', 'same', 1],
  ],
  mount: [
    ['side-control', 'same', 1],
    ['back', 'same', 1],
    ['knee-on-belly', 'same', 0.5],
    ['half-guard', 'same', 1],
    ['closed-guard', 'same', 0.5],
    ['open-guard', 'same', 0.3],
    // The bridge (upa): the mounted athlete rolls over and lands in the other's guard, now on top.
    ['closed-guard', 'flipped', 0.7],
    ['open-guard', 'flipped', 0.3],
  ],
  'knee-on-belly': [
    ['mount', 'same', 2],
    ['side-control', 'same', 2],
    ['back', 'same', 0.5],
    ['open-guard', 'same', 0.5],
    ['half-guard', 'same', 0.3],
    ['turtle', 'same', 0.5],
  ],
  back: [
    ['mount', 'same', 1],
    ['turtle', 'same', 1],
    ['side-control', 'same', 0.3],
    // The escape: the defender turns in, into the other's guard or on top in half guard.
    ['closed-guard', 'flipped', 0.5],
    ['open-guard', 'flipped', 0.3],
    ['half-guard', 'flipped', 0.3],
    ['side-control', 'flipped', 0.3],
  ],
  turtle: [
    ['back', 'same', 2],
    ['side-control', 'same', 1],
    ['open-guard', 'same', 0.7],
    ['half-guard', 'same', 0.3],
    ['closed-guard', 'same', 0.3],
    ['knee-on-belly', 'same', 0.3],
    ['side-control', 'flipped', 0.3],
  ],
};

/** How much going to a scramble or standing weighs against a ground move, from a ground position. */
const TO_SCRAMBLE = 1;
const TO_STANDING = 0.4;

function other(top: 'a' | 'b'): 'a' | 'b' {
  return top === 'a' ? 'b' : 'a';
}

function isGround(position: string): position is GroundPosition {
  return GROUND_POSITIONS.some((ground) => ground === position);
}

/** Relative weights of the plausible changes out of one state (zero for itself and implausible ones). */
function changeWeights(from: PositionState): number[] {
  const weights = POSITION_STATES.map(() => 0);
  const add = (position: PositionState['position'], top: PositionState['top'], weight: number) => {
    const at = stateIndex(position, top);
    if (at >= 0) weights[at] = (weights[at] ?? 0) + weight;
  };
  if (from.top === null || !isGround(from.position)) {
    // Standing and scramble lead anywhere: a takedown, a guard pull, or back up.
    POSITION_STATES.forEach((state) => add(state.position, state.top, 1));
  } else {
    const top = from.top;
    for (const [position, relation, weight] of MOVES[from.position]) {
      add(position, relation === 'same' ? top : other(top), weight);
    }
    add('scramble', null, TO_SCRAMBLE);
    add('standing', null, TO_STANDING);
  }
  weights[stateIndex(from.position, from.top)] = 0;
  return weights;
}

/** Chance of staying in a state over `seconds`, from how long such a state lasts on average. */
function stayProbability(state: PositionState, seconds: number): number {
  const mean = state.position === 'scramble' ? MEAN_SCRAMBLE_SECONDS : MEAN_STAY_SECONDS;
  return Math.exp(-Math.max(0, seconds) / mean);
}

/** One row of the transition matrix: stay, a plausible change, or (rarely) an implausible one. */
function transitionRow(from: PositionState, seconds: number): number[] {
  const stay = stayProbability(from, seconds);
  const weights = changeWeights(from);
  const plausible = weights.reduce((sum, w) => sum + w, 0);
  const implausible = weights.filter((w) => w === 0).length - 1;
  const self = stateIndex(from.position, from.top);
  return weights.map((weight, to) => {
    if (to === self) return stay;
    const move = 1 - stay;
    // With nothing implausible (standing and scramble lead anywhere), the plausible changes take it all.
    const share = implausible > 0 ? IMPLAUSIBLE_SHARE : 0;
    if (weight > 0) return (move * (1 - share) * weight) / plausible;
    return (move * share) / implausible;
  });
}

/** The transition matrix (probabilities, rows sum to 1) over `POSITION_STATES` for a step of `seconds`. */
export function transitionMatrix(seconds: number): number[][] {
  return POSITION_STATES.map((from) => transitionRow(from, seconds));
}

/** The same in log space, cached by step length (a video has one or two distinct steps). */
export function logTransitions(): (seconds: number) => number[][] {
  const cache = new Map<number, number[][]>();
  return (seconds) => {
    const key = Math.round(seconds * 1000) / 1000;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const matrix = transitionMatrix(key).map((row) => row.map(safeLog));
    cache.set(key, matrix);
    return matrix;
  };
}

/** Where a roll starts: most often standing, but a video may begin anywhere. */
export function logStart(): number[] {
  const standing = 0.3;
  const rest = (1 - standing) / (POSITION_STATES.length - 1);
  return POSITION_STATES.map((state) => safeLog(state.position === 'standing' ? standing : rest));
}
