import type { AnalysisPatch, AnalysisResult } from '@openmat/contract/analysis';

/** The related technique of a drill for no technique in particular, as the web app writes it. */
const GENERIC_TECHNIQUE = 'Generic';

type SentTechnique = NonNullable<AnalysisPatch['techniques']>[number];
type SentDrill = NonNullable<AnalysisPatch['drills']>[number];
type SentComment = NonNullable<AnalysisPatch['comments']>[number];
type SentDrawing = NonNullable<AnalysisPatch['drawings']>[number];

/**
 * The contract's rule for a correction: every list that is sent replaces the stored one; an item with
 * an `id` of that list keeps its id (and takes the sent fields), an item without one (or with an id
 * the list does not have) is added with a new id. Lists not sent, and what only the analyser writes
 * (the athletes, the analyser's name), stay as they are. A reference to a technique that is no longer
 * in the list becomes null: the drill or finding is then generic, and a drill's technique name follows
 * the technique (renamed, or 'Generic' once it is gone). A position band sent without a
 * confidence is the coach's word (1). A comment keeps the author it was written by; a new one is
 * `author`'s. Drawings follow the same rule, in time order.
 */
export function applyPatch(
  current: AnalysisResult,
  patch: AnalysisPatch,
  author: string | null = null,
): AnalysisResult {
  const techniques = patch.techniques
    ? withIds<SentTechnique>(current.techniques, patch.techniques)
    : current.techniques;
  const drills = patch.drills ? withIds<SentDrill>(current.drills, patch.drills) : current.drills;
  const names = new Map(techniques.map((technique) => [technique.id, technique.name]));
  const related = (id: number | null) => (id !== null && names.has(id) ? id : null);
  // A drill says the name of its technique as it is now: renamed, it follows; deleted, the drill is generic.
  const relatedName = (drill: { relatedTechniqueId: number | null; relatedTechniqueName: string }) =>
    drill.relatedTechniqueId === null
      ? drill.relatedTechniqueName
      : (names.get(drill.relatedTechniqueId) ?? GENERIC_TECHNIQUE);
  const authors = new Map((current.comments ?? []).map((comment) => [comment.id, comment.authorName ?? null]));
  const comments = patch.comments
    ? withIds<SentComment>(current.comments ?? [], patch.comments)
        .map((comment) => ({
          ...comment,
          authorName: authors.has(comment.id) ? (authors.get(comment.id) ?? null) : author,
        }))
        .sort((a, b) => a.time - b.time)
    : current.comments;
  const drawings = patch.drawings
    ? withIds<SentDrawing>(current.drawings ?? [], patch.drawings).sort((a, b) => a.time - b.time)
    : current.drawings;
  const positionTimeline = patch.positionTimeline
    ? patch.positionTimeline.map((segment) => ({ ...segment, confidence: segment.confidence ?? 1 }))
    : current.positionTimeline;
  return {
    ...current,
    ...(positionTimeline === undefined ? {} : { positionTimeline }),
    ...(comments === undefined ? {} : { comments }),
    ...(drawings === undefined ? {} : { drawings }),
    techniques,
    drills: drills.map((drill) => ({
      ...drill,
      relatedTechniqueId: related(drill.relatedTechniqueId),
      relatedTechniqueName: relatedName(drill),
    })),
    overallDescription: patch.overallDescription ?? current.overallDescription,
    strengths: (patch.strengths ?? current.strengths).map((strength) => ({
      ...strength,
      relatedTechniqueId: related(strength.relatedTechniqueId),
    })),
    areasForImprovement: (patch.areasForImprovement ?? current.areasForImprovement).map((area) => ({
      ...area,
      relatedTechniqueId: related(area.relatedTechniqueId),
    })),
  };
}

function withIds<I extends { id?: number }>(
  stored: ReadonlyArray<{ id: number }>,
  sent: readonly I[],
): Array<I & { id: number }> {
  const storedIds = new Set(stored.map((item) => item.id));
  let next = Math.max(0, ...stored.map((item) => item.id)) + 1;
  const used = new Set<number>();
  return sent.map((item) => {
    const keep = item.id !== undefined && storedIds.has(item.id) && !used.has(item.id);
    const id = keep && item.id !== undefined ? item.id : next++;
    used.add(id);
    return { ...item, id };
  });
}
