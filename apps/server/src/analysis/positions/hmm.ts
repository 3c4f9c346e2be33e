import { POSITION_STATES, type PositionState } from './states.js';
import type { TransitionCount } from './knowledge-transitions.js';

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

/**
 * The hidden states: the classifier's 18 (a position and who is on top) and `unclear`, a stretch the
 * model cannot read. Unclear has no picture of its own: its emission is a fixed bar (timeline.ts) that a
 * real state must clear, so a long unreadable stretch is reported as unclear instead of as a guess.
 */
export const HMM_STATES: readonly PositionState[] = [...POSITION_STATES, { position: 'unclear', top: null }];
export const UNCLEAR = HMM_STATES.length - 1;

/**
 * How long a state lasts on average, in seconds. These are the model's only assumptions not counted
 * from data: a roll holds a position for some seconds, a scramble passes quickly, and an unreadable
 * stretch (a tangle, a camera blocked) is short. ADR 0023 states them; they are not tuned to any test.
 */
const MEAN_STAY_SECONDS = 10;
const MEAN_SCRAMBLE_SECONDS = 3;
const MEAN_UNCLEAR_SECONDS = 4;

/**
 * Pseudo-counts added to the knowledge base's counts (knowledge-transitions.ts); any position can break
 * into a scramble, stand up or become unreadable, and any change the knowledge base does not list keeps
 * a small share, so a clear picture can still win over the table.
 */
const TO_SCRAMBLE = 1;
const TO_STANDING = 0.5;
const TO_UNCLEAR = 1;
const UNLISTED_SHARE = 0.02;

const other = (top: 'a' | 'b'): 'a' | 'b' => (top === 'a' ? 'b' : 'a');

function hmmIndex(position: string, top: 'a' | 'b' | null): number {
  return HMM_STATES.findIndex((state) => state.position === position && state.top === top);
}

/**
 * Relative weights of the changes out of one state (zero for itself), from the knowledge base's counts:
 * a ground state takes the counts of its position with the relation applied to its top athlete;
 * standing takes the counts from standing, half to each athlete landing on top; a scramble is looked up
 * as standing (and may stand up); unclear leads anywhere alike.
 */
export function changeWeights(from: PositionState, counts: readonly TransitionCount[]): number[] {
  const weights = HMM_STATES.map(() => 0);
  const add = (position: string, top: 'a' | 'b' | null, weight: number) => {
    const at = hmmIndex(position, top);
    if (at >= 0) weights[at] = (weights[at] ?? 0) + weight;
  };
  if (from.position === 'unclear') {
    HMM_STATES.forEach((state) => add(state.position, state.top, 1));
  } else if (from.top === null) {
    for (const row of counts.filter((count) => count.from === 'standing')) {
      if (row.to === 'standing') continue;
      if (hmmIndex(row.to, null) >= 0) add(row.to, null, row.count);
      else {
        add(row.to, 'a', row.count / 2);
        add(row.to, 'b', row.count / 2);
      }
    }
    add(
      from.position === 'scramble' ? 'standing' : 'scramble',
      null,
      from.position === 'scramble' ? TO_STANDING * 2 : TO_SCRAMBLE,
    );
  } else {
    const top = from.top;
    for (const row of counts.filter((count) => count.from === from.position)) {
      if (row.to === 'standing') add('standing', null, row.count);
      else add(row.to, row.relation === 'same' ? top : other(top), row.count);
    }
    add('scramble', null, TO_SCRAMBLE);
    add('standing', null, TO_STANDING);
  }
  if (from.position !== 'unclear') add('unclear', null, TO_UNCLEAR);
  weights[hmmIndex(from.position, from.top)] = 0;
  return weights;
}

function meanStay(state: PositionState): number {
  if (state.position === 'scramble') return MEAN_SCRAMBLE_SECONDS;
  if (state.position === 'unclear') return MEAN_UNCLEAR_SECONDS;
  return MEAN_STAY_SECONDS;
}

/** One row of the transition matrix: stay, a counted change, or (with a small share) an unlisted one. */
function transitionRow(from: PositionState, seconds: number, counts: readonly TransitionCount[]): number[] {
  const stay = Math.exp(-Math.max(0, seconds) / meanStay(from));
  const weights = changeWeights(from, counts);
  const listed = weights.reduce((sum, w) => sum + w, 0);
  const self = hmmIndex(from.position, from.top);
  const unlisted = weights.filter((w, i) => w === 0 && i !== self).length;
  const share = unlisted > 0 ? UNLISTED_SHARE : 0;
  return weights.map((weight, to) => {
    if (to === self) return stay;
    const move = 1 - stay;
    if (weight > 0) return (move * (1 - share) * weight) / listed;
    return (move * share) / Math.max(1, unlisted);
  });
}

/** The transition matrix (probabilities, rows sum to 1) over `HMM_STATES` for a step of `seconds`. */
export function transitionMatrix(seconds: number, counts: readonly TransitionCount[]): number[][] {
  return HMM_STATES.map((from) => transitionRow(from, seconds, counts));
}

/** The same in log space, cached by step length (a video has one or two distinct steps). */
export function logTransitions(counts: readonly TransitionCount[]): (seconds: number) => number[][] {
  const cache = new Map<number, number[][]>();
  return (seconds) => {
    const key = Math.round(seconds * 1000) / 1000;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const matrix = transitionMatrix(key, counts).map((row) => row.map(safeLog));
    cache.set(key, matrix);
    return matrix;
  };
}

/**
 * Where a video starts: anywhere alike. A clip is often cut from the middle of a roll, and a prior that
 * favoured standing made a first frame with no readable pair come out "standing" at confidence 0.05
 * (five real stills did); with a flat start such a frame is unclear.
 */
export function logStart(): number[] {
  return HMM_STATES.map(() => safeLog(1 / HMM_STATES.length));
}
