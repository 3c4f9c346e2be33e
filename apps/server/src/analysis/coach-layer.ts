/**
 * The analyser's result and the coach's corrections are two layers (docs/decisions/0024). The analyser's
 * layer is its own last result, kept as it came; the coach's layer is what the current analysis says
 * differently from it. It is not stored apart: it is read off the two (`coachLayer`), so that every way
 * of editing (the PATCH's replace-by-list rule, a save in another language) counts without a second
 * record to keep in step. A new run of the analyser gives a new analyser layer, and the current analysis
 * becomes that layer with the coach's laid over it (`overlay`):
 *
 * - a span of the ribbon the coach corrected stays corrected (the new ribbon is cut round it);
 * - techniques and drills the coach added stay; an analyser item the coach edited stays as edited, and
 *   one the coach deleted stays deleted, when the new result has the same item again (same knowledge-base
 *   technique, or the same name, starting within `SAME_MOMENT_SECONDS`);
 * - the overall text, strengths and areas for improvement the coach rewrote stay as written;
 * - the comments and the drawings on paused frames are the coach's alone and stay.
 */
import type {
  AnalysisComment,
  AnalysisDrawing,
  AnalysisDrill,
  AnalysisImprovement,
  AnalysisResult,
  AnalysisStrength,
  AnalysisTechnique,
  PositionSegment,
} from '@openmat/contract/analysis';
import { parseTimestamp } from '@openmat/contract/analysis';

/** Two findings of the same technique this close (seconds) are the same finding of two runs. */
export const SAME_MOMENT_SECONDS = 2;

/** What the ribbon shows over a stretch: a position with who is on top, or nothing (a gap). */
type Shown = Pick<PositionSegment, 'position' | 'top'> | null;

/** A stretch of the ribbon the coach made say something else than the analyser; `shown` null is a band removed. */
export interface CorrectedSpan {
  start: number;
  end: number;
  shown: Shown;
}

/** An analyser item of the list as the coach left it: edited (the coach's version) or deleted. */
interface Changed<I> {
  was: I;
  now: I | null;
}

export interface CoachLayer {
  spans: CorrectedSpan[];
  techniques: { added: AnalysisTechnique[]; changed: Array<Changed<AnalysisTechnique>> };
  drills: { added: AnalysisDrill[]; changed: Array<Changed<AnalysisDrill>> };
  overallDescription: string | null;
  strengths: AnalysisStrength[] | null;
  areasForImprovement: AnalysisImprovement[] | null;
  comments: AnalysisComment[];
  drawings: AnalysisDrawing[];
}

/** What the coach changed of `analyser` to make `current`. */
export function coachLayer(analyser: AnalysisResult, current: AnalysisResult): CoachLayer {
  const same = (one: unknown, other: unknown) => JSON.stringify(one) === JSON.stringify(other);
  return {
    spans: correctedSpans(analyser.positionTimeline ?? [], current.positionTimeline ?? []),
    techniques: itemChanges(analyser.techniques, current.techniques),
    drills: itemChanges(analyser.drills, current.drills),
    overallDescription: current.overallDescription === analyser.overallDescription ? null : current.overallDescription,
    strengths: same(current.strengths, analyser.strengths) ? null : current.strengths,
    areasForImprovement: same(current.areasForImprovement, analyser.areasForImprovement)
      ? null
      : current.areasForImprovement,
    comments: current.comments ?? [],
    drawings: current.drawings ?? [],
  };
}

/** The new analyser result with the coach's layer laid over it. */
export function overlay(next: AnalysisResult, layer: CoachLayer): AnalysisResult {
  const techniqueIds = new Map<number, number>();
  const techniques = overlayItems(next.techniques, layer.techniques, sameTechnique, techniqueIds);
  const drills = overlayItems(next.drills, layer.drills, sameDrill, new Map());
  // The coach's references point at the coach's ids; they follow their technique to its id in the new list.
  const known = new Set(techniques.map(({ item }) => item.id));
  const related = (id: number | null, fromCoach: boolean) => {
    const mapped = id === null ? null : fromCoach ? (techniqueIds.get(id) ?? null) : id;
    return mapped !== null && known.has(mapped) ? mapped : null;
  };
  return {
    ...next,
    positionTimeline: overlaySpans(next.positionTimeline ?? [], layer.spans),
    techniques: techniques.map(({ item }) => item),
    drills: drills.map(({ item, fromCoach }) => ({
      ...item,
      relatedTechniqueId: related(item.relatedTechniqueId, fromCoach),
    })),
    overallDescription: layer.overallDescription ?? next.overallDescription,
    strengths: (layer.strengths ?? next.strengths).map((strength) => ({
      ...strength,
      relatedTechniqueId: related(strength.relatedTechniqueId, layer.strengths !== null),
    })),
    areasForImprovement: (layer.areasForImprovement ?? next.areasForImprovement).map((area) => ({
      ...area,
      relatedTechniqueId: related(area.relatedTechniqueId, layer.areasForImprovement !== null),
    })),
    ...(layer.comments.length > 0 ? { comments: layer.comments } : {}),
    ...(layer.drawings.length > 0 ? { drawings: layer.drawings } : {}),
  };
}

function sameTechnique(one: AnalysisTechnique, other: AnalysisTechnique): boolean {
  const identity = (t: AnalysisTechnique) => t.knowledgeId ?? t.name.trim().toLowerCase();
  const start = (t: AnalysisTechnique) => parseTimestamp(t.startTimestamp) ?? Number.NaN;
  return identity(one) === identity(other) && Math.abs(start(one) - start(other)) <= SAME_MOMENT_SECONDS;
}

function sameDrill(one: AnalysisDrill, other: AnalysisDrill): boolean {
  return one.name.trim().toLowerCase() === other.name.trim().toLowerCase();
}

/** The analyser's items the coach edited or deleted (kept by id in the current list), and those the coach added. */
function itemChanges<I extends { id: number }>(analyser: readonly I[], current: readonly I[]) {
  const byId = new Map(current.map((item) => [item.id, item]));
  const analyserIds = new Set(analyser.map((item) => item.id));
  const changed: Array<Changed<I>> = [];
  for (const was of analyser) {
    const now = byId.get(was.id) ?? null;
    if (now === null || JSON.stringify(now) !== JSON.stringify(was)) changed.push({ was, now });
  }
  return { added: current.filter((item) => !analyserIds.has(item.id)), changed };
}

/**
 * The new list: each new item, unless the coach deleted it (then gone) or edited it (then the coach's
 * version); then the coach's edits of items the analyser no longer finds, and the coach's additions, with
 * new ids. `ids` gets each coach item's id mapped to its id in the new list.
 */
function overlayItems<I extends { id: number }>(
  next: readonly I[],
  layer: { added: I[]; changed: Array<Changed<I>> },
  same: (one: I, other: I) => boolean,
  ids: Map<number, number>,
): Array<{ item: I; fromCoach: boolean }> {
  const used = new Set<Changed<I>>();
  const items: Array<{ item: I; fromCoach: boolean }> = [];
  for (const item of next) {
    const change = layer.changed.find((candidate) => !used.has(candidate) && same(candidate.was, item));
    if (!change) {
      items.push({ item, fromCoach: false });
      continue;
    }
    used.add(change);
    if (change.now) {
      ids.set(change.now.id, item.id);
      items.push({ item: { ...change.now, id: item.id }, fromCoach: true });
    }
  }
  let nextId = Math.max(0, ...next.map((item) => item.id)) + 1;
  const unmatched = layer.changed.filter((change) => !used.has(change)).flatMap((change) => change.now ?? []);
  for (const item of [...unmatched, ...layer.added]) {
    ids.set(item.id, nextId);
    items.push({ item: { ...item, id: nextId++ }, fromCoach: true });
  }
  return items;
}

/** What a ribbon shows at a moment. */
function shownAt(timeline: readonly PositionSegment[], time: number): Shown {
  const segment = timeline.find((s) => s.start <= time && time < s.end);
  return segment ? { position: segment.position, top: segment.top } : null;
}

const sameShown = (one: Shown, other: Shown) =>
  one === null || other === null ? one === other : one.position === other.position && one.top === other.top;

/** The stretches where the current ribbon says something else than the analyser's, merged where they touch. */
export function correctedSpans(
  analyser: readonly PositionSegment[],
  current: readonly PositionSegment[],
): CorrectedSpan[] {
  const cuts = [...new Set([...analyser, ...current].flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  const spans: CorrectedSpan[] = [];
  for (let index = 0; index + 1 < cuts.length; index++) {
    const start = cuts[index] ?? 0;
    const end = cuts[index + 1] ?? start;
    const middle = (start + end) / 2;
    const now = shownAt(current, middle);
    if (sameShown(now, shownAt(analyser, middle))) continue;
    const last = spans.at(-1);
    if (last && last.end === start && sameShown(last.shown, now)) last.end = end;
    else spans.push({ start, end, shown: now });
  }
  return spans;
}

/** The new ribbon cut round the coach's spans, with the spans laid in (the coach's word: confidence 1). */
export function overlaySpans(next: readonly PositionSegment[], spans: readonly CorrectedSpan[]): PositionSegment[] {
  let pieces: PositionSegment[] = [...next];
  for (const span of spans) {
    pieces = pieces.flatMap((segment) => {
      if (segment.end <= span.start || segment.start >= span.end) return [segment];
      const parts: PositionSegment[] = [];
      if (segment.start < span.start) parts.push({ ...segment, end: span.start });
      if (segment.end > span.end) parts.push({ ...segment, start: span.end });
      return parts;
    });
    if (span.shown) pieces.push({ ...span.shown, start: span.start, end: span.end, confidence: 1 });
  }
  return pieces.sort((one, other) => one.start - other.start);
}
