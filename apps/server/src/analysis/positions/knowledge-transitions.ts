/**
 * Where positions lead, counted from the technique knowledge base (ADR 0023): every technique that
 * `leadsTo` a technique of another position (or of the same position from the other side) is one
 * observed change, from the first technique's position to the second's. Who is on top afterwards
 * follows from the two perspectives: the same athlete does both techniques, so a technique done from the
 * bottom that leads to one done from the top (a sweep) puts the other athlete on top ("flipped"), and
 * top to top or bottom to bottom keeps the top athlete ("same"). From standing there is no top yet, so
 * the relation is always "same" and the hidden Markov model gives the count to either athlete equally.
 *
 * The training script writes these counts into the model's JSON file, so the transitions the analysis
 * uses are a table anyone can regenerate and check, not numbers tuned by hand (a test checks that the
 * shipped table is what the knowledge base gives today).
 */

/** What this needs of a knowledge-base technique (analysis/ does not import coach/; the caller hands them in). */
export interface KnowledgeTechnique {
  readonly id: string;
  readonly position: string;
  readonly perspective: 'top' | 'bottom' | 'neutral';
  readonly leadsTo?: readonly string[];
}

export interface TransitionCount {
  from: string;
  to: string;
  relation: 'same' | 'flipped';
  count: number;
}

/** The counted changes of position, sorted, one row per (from, to, relation). */
export function knowledgeTransitions(techniques: readonly KnowledgeTechnique[]): TransitionCount[] {
  const byId = new Map(techniques.map((technique) => [technique.id, technique]));
  const counts = new Map<string, TransitionCount>();
  for (const technique of techniques) {
    for (const next of technique.leadsTo ?? []) {
      const target = byId.get(next);
      if (target === undefined) continue;
      const samePerspective = technique.perspective === target.perspective;
      if (target.position === technique.position && samePerspective) continue;
      const flipped = technique.perspective !== 'neutral' && target.perspective !== 'neutral' && !samePerspective;
      const relation = flipped ? 'flipped' : 'same';
      const key = `${technique.position}>${target.position}>${relation}`;
      const row = counts.get(key) ?? { from: technique.position, to: target.position, relation, count: 0 };
      row.count++;
      counts.set(key, row);
    }
  }
  return [...counts.values()].sort(
    (x, y) => x.from.localeCompare(y.from) || x.to.localeCompare(y.to) || x.relation.localeCompare(y.relation),
  );
}
