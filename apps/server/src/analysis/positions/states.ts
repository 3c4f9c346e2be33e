import type { AnalysisPosition } from '@openmat/contract/analysis';

/** A hidden state: a position, and which athlete is on top (null for standing and scramble). */
export interface PositionState {
  readonly position: AnalysisPosition;
  readonly top: 'a' | 'b' | null;
}

/** The positions that have a top and a bottom athlete. */
export const GROUND_POSITIONS = [
  'closed-guard',
  'open-guard',
  'half-guard',
  'side-control',
  'mount',
  'knee-on-belly',
  'back',
  'turtle',
] as const satisfies readonly AnalysisPosition[];
export type GroundPosition = (typeof GROUND_POSITIONS)[number];

/** The 18 states, in the order every probability vector uses. */
export const POSITION_STATES: readonly PositionState[] = [
  { position: 'standing', top: null },
  { position: 'scramble', top: null },
  ...GROUND_POSITIONS.flatMap((position) => [
    { position, top: 'a' as const },
    { position, top: 'b' as const },
  ]),
];

/** Index of a state in `POSITION_STATES`, or -1. */
export function stateIndex(position: AnalysisPosition, top: 'a' | 'b' | null): number {
  return POSITION_STATES.findIndex((state) => state.position === position && state.top === top);
}

/**
 * Without both athletes nothing on the ground can be told: the probability is spread over every
 * state, a little more on standing and scramble, which need no top and bottom.
 */
export function withoutPair(): number[] {
  const open = 0.12;
  const rest = (1 - 2 * open) / (POSITION_STATES.length - 2);
  return POSITION_STATES.map((state) => (state.top === null ? open : rest));
}
