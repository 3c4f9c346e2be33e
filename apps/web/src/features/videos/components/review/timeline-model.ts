import { formatTimestamp, parseTimestamp } from '@openmat/contract/analysis';

/** A press that moves less than this many pixels is a click (seek), not a drag (select). */
export const CLICK_THRESHOLD_PX = 5;
/** One frame, for frame stepping. */
export const FRAME_STEP_SECONDS = 0.04;
export const SPEEDS = [0.5, 1, 2] as const;

/** A stretch of the video the coach selected on the timeline, start before end, in seconds. */
export interface Selection {
  start: number;
  end: number;
}

/** The time under a pointer at `x` on a timeline `width` pixels wide that shows `duration` seconds. */
export function timeAt(x: number, width: number, duration: number): number {
  if (width <= 0 || duration <= 0) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}

/**
 * What a press on the timeline means once released (spec section 4, Timeline segment selection): under
 * 5 px of movement it seeks to where it was released; otherwise it selects the stretch, in order.
 */
export function releaseOutcome(
  downX: number,
  upX: number,
  width: number,
  duration: number,
): { kind: 'seek'; time: number } | { kind: 'select'; selection: Selection } {
  if (Math.abs(upX - downX) < CLICK_THRESHOLD_PX) return { kind: 'seek', time: timeAt(upX, width, duration) };
  const [from, to] = downX <= upX ? [downX, upX] : [upX, downX];
  return { kind: 'select', selection: { start: timeAt(from, width, duration), end: timeAt(to, width, duration) } };
}

/** The selection as the new-technique form shows it, HH:MM:SS. */
export function selectionTimestamps(selection: Selection): { startTimestamp: string; endTimestamp: string } {
  return { startTimestamp: formatTimestamp(selection.start), endTimestamp: formatTimestamp(Math.ceil(selection.end)) };
}

/** A technique's start, in seconds, for its marker; null when its timestamp is not HH:MM:SS (it is then ignored). */
export function markerTime(timestamp: string): number | null {
  return parseTimestamp(timestamp);
}

/** What a key does on the review page, as video-review tools (Kinovea, Hudl) have it. */
export type KeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'step'; seconds: number }
  | { kind: 'speed'; change: 'slower' | 'normal' | 'faster' }
  | { kind: 'marker' }
  | { kind: 'selection-start' }
  | { kind: 'selection-end' };

export function keyAction(key: string): KeyAction | null {
  switch (key) {
    case ' ':
      return { kind: 'toggle-play' };
    case 'ArrowLeft':
    case ',':
      return { kind: 'step', seconds: -FRAME_STEP_SECONDS };
    case 'ArrowRight':
    case '.':
      return { kind: 'step', seconds: FRAME_STEP_SECONDS };
    case 'j':
    case 'J':
      return { kind: 'speed', change: 'slower' };
    case 'k':
    case 'K':
      return { kind: 'speed', change: 'normal' };
    case 'l':
    case 'L':
      return { kind: 'speed', change: 'faster' };
    case 'm':
    case 'M':
      return { kind: 'marker' };
    case '[':
      return { kind: 'selection-start' };
    case ']':
      return { kind: 'selection-end' };
    default:
      return null;
  }
}

/** The next speed down or up among 0.5, 1 and 2. */
export function nextSpeed(current: number, change: 'slower' | 'normal' | 'faster'): number {
  if (change === 'normal') return 1;
  const index = SPEEDS.findIndex((speed) => speed === current);
  const at = index === -1 ? 1 : index;
  const next = change === 'slower' ? Math.max(0, at - 1) : Math.min(SPEEDS.length - 1, at + 1);
  return SPEEDS[next] ?? 1;
}

/**
 * The drills as the list shows them (spec section 5): a drill whose related technique is 'Generic'
 * is shown once; later duplicates (same name) are dropped.
 */
export function visibleDrills<T extends { name: string; relatedTechniqueName: string }>(drills: readonly T[]): T[] {
  const seenGeneric = new Set<string>();
  return drills.filter((drill) => {
    if (drill.relatedTechniqueName !== 'Generic') return true;
    if (seenGeneric.has(drill.name)) return false;
    seenGeneric.add(drill.name);
    return true;
  });
}
