import {
  formatTimestamp,
  parseTimestamp,
  POSITIONS_WITHOUT_TOP,
  type AnalysisPosition,
  type PositionSegment,
} from '@openmat/contract/analysis';

/** A press that moves less than this many pixels is a click (seek), not a drag (select). */
export const CLICK_THRESHOLD_PX = 5;
/** One frame, for frame stepping. */
export const FRAME_STEP_SECONDS = 0.04;
/** The speeds coaches know from Kinovea and Hudl: 0.1 and 0.25 for a grip, 0.5 to 2 for the roll. */
export const SPEEDS = [0.1, 0.25, 0.5, 1, 2] as const;

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

/**
 * The selection as the new-technique form shows it, HH:MM:SS: the seconds dragged, each end to its
 * nearest second (2.0 to 4.0 is 00:00:02 to 00:00:04, however a pointer's fraction falls), and never
 * shorter than one second.
 */
export function selectionTimestamps(selection: Selection): { startTimestamp: string; endTimestamp: string } {
  const start = Math.round(selection.start);
  const end = Math.max(start + 1, Math.round(selection.end));
  return { startTimestamp: formatTimestamp(start), endTimestamp: formatTimestamp(end) };
}

/** A technique's start, in seconds, for its marker; null when its timestamp is not HH:MM:SS (it is then ignored). */
export function markerTime(timestamp: string): number | null {
  return parseTimestamp(timestamp);
}

/** What a key does on the review page, as video-review tools (Kinovea, Hudl) have it. */
export type KeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'step'; seconds: number }
  /** L plays, and speeds up once playing; K pauses; J slows down. */
  | { kind: 'forward' }
  | { kind: 'pause' }
  | { kind: 'slower' }
  | { kind: 'loop' }
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
      return { kind: 'slower' };
    case 'k':
    case 'K':
      return { kind: 'pause' };
    case 'l':
    case 'L':
      return { kind: 'forward' };
    case 'o':
    case 'O':
      return { kind: 'loop' };
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

/** The next speed down or up among 0.1, 0.25, 0.5, 1 and 2, or back to 1. */
export function nextSpeed(current: number, change: 'slower' | 'normal' | 'faster'): number {
  if (change === 'normal') return 1;
  const index = SPEEDS.findIndex((speed) => speed === current);
  const at = index === -1 ? SPEEDS.indexOf(1) : index;
  const next = change === 'slower' ? Math.max(0, at - 1) : Math.min(SPEEDS.length - 1, at + 1);
  return SPEEDS[next] ?? 1;
}

/** The stored name of a drill's related technique when it is no technique of the roll (spec section 5). */
export const GENERIC = 'Generic';

/**
 * The drills as the list shows them (spec section 5): a drill whose related technique is 'Generic'
 * is shown once; later duplicates (same name) are dropped.
 */
export function visibleDrills<T extends { name: string; relatedTechniqueName: string }>(drills: readonly T[]): T[] {
  const seenGeneric = new Set<string>();
  return drills.filter((drill) => {
    if (drill.relatedTechniqueName !== GENERIC) return true;
    if (seenGeneric.has(drill.name)) return false;
    seenGeneric.add(drill.name);
    return true;
  });
}

/** Where a looping player goes next: back to the selection's start once it reaches its end; null to play on. */
export function loopBack(time: number, selection: Selection | null, looping: boolean): number | null {
  if (!looping || !selection || selection.end - selection.start <= 0) return null;
  return time >= selection.end ? selection.start : null;
}

/** A band of the position ribbon as the editor sends it back. */
export type RibbonBand = Omit<PositionSegment, 'confidence'> & { confidence?: number };

/** The shortest band a boundary may leave, in seconds. */
export const MIN_BAND_SECONDS = 0.5;

/** Who can be on top of a position: nobody of standing, a scramble or an unclear stretch. */
export function topFor(position: AnalysisPosition, top: PositionSegment['top']): PositionSegment['top'] {
  return POSITIONS_WITHOUT_TOP.has(position) ? null : (top ?? 'student');
}

/** The ribbon with one band relabelled (the coach's word: confidence 1). */
export function relabelBand(
  timeline: readonly RibbonBand[],
  index: number,
  position: AnalysisPosition,
  top: PositionSegment['top'],
): RibbonBand[] {
  return timeline.map((band, at) =>
    at === index ? { ...band, position, top: topFor(position, top), confidence: 1 } : band,
  );
}

/** The ribbon with one band split in two at `time`; unchanged when `time` is not well inside it. */
export function splitBand(timeline: readonly RibbonBand[], index: number, time: number): RibbonBand[] {
  const band = timeline[index];
  if (!band || time - band.start < MIN_BAND_SECONDS || band.end - time < MIN_BAND_SECONDS) return [...timeline];
  return [...timeline.slice(0, index), { ...band, end: time }, { ...band, start: time }, ...timeline.slice(index + 1)];
}

/** Whether band `index` and the next one touch, so that the boundary between them can move. */
export function touchesNext(timeline: readonly RibbonBand[], index: number): boolean {
  const band = timeline[index];
  const next = timeline[index + 1];
  return band !== undefined && next !== undefined && Math.abs(band.end - next.start) < 1e-6;
}

/** The ribbon with the boundary after band `index` moved to `time`, kept inside its two bands. */
export function moveBoundary(timeline: readonly RibbonBand[], index: number, time: number): RibbonBand[] {
  const band = timeline[index];
  const next = timeline[index + 1];
  if (!band || !next || !touchesNext(timeline, index)) return [...timeline];
  const at = Math.min(next.end - MIN_BAND_SECONDS, Math.max(band.start + MIN_BAND_SECONDS, time));
  return timeline.map((item, position) =>
    position === index ? { ...item, end: at } : position === index + 1 ? { ...item, start: at } : item,
  );
}
