/**
 * What the coaching features take from analysed videos: the weaknesses they found, to steer a lesson
 * plan, and the moments a technique was seen, for the technique search.
 */
import { AnalysisResult, parseTimestamp } from '@openmat/contract/analysis';
import type { AcademyClip } from '@openmat/contract/coaching';
import { fold } from '../coach/search/local-references.js';
import type { Technique } from '../coach/knowledge/types.js';
import { parseJsonAs } from '../lib/parse-json.js';
import type { AnalysedFootage } from '../repositories/footage.repository.js';

/** Most clips a search shows. */
export const MAX_ACADEMY_CLIPS = 12;

/** A stored result read back; one that no longer reads as a result counts as none. */
export function readStoredResult(json: string): AnalysisResult | null {
  return parseJsonAs(AnalysisResult, json);
}

/**
 * The weaknesses of a class's analysed videos, weighted by how many videos show each: a video counts
 * once per weakness category, however many areas for improvement name it.
 */
export function weaknessWeights(resultsJson: readonly string[]): Array<{ tag: string; weight: number }> {
  const counts = new Map<string, number>();
  for (const json of resultsJson) {
    const result = readStoredResult(json);
    if (!result) continue;
    for (const tag of new Set(result.areasForImprovement.map((area) => area.weaknessCategory))) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([tag, weight]) => ({ tag, weight }))
    .sort((one, other) => other.weight - one.weight || one.tag.localeCompare(other.tag));
}

/**
 * The moments of `footage` showing the searched technique: the knowledge base's technique when the
 * search names one, otherwise (and for techniques a coach typed in) the same name.
 */
export function academyClips(
  searched: string,
  technique: Technique | undefined,
  footage: readonly AnalysedFootage[],
): AcademyClip[] {
  const names = new Set([fold(searched), ...(technique ? [fold(technique.name.en), fold(technique.name.pl)] : [])]);
  names.delete('');
  const clips: AcademyClip[] = [];
  for (const video of footage) {
    const result = readStoredResult(video.resultJson);
    if (!result) continue;
    for (const found of result.techniques) {
      const same = (technique !== undefined && found.knowledgeId === technique.id) || names.has(fold(found.name));
      if (!same) continue;
      clips.push({
        video_id: video.videoId,
        title: video.description,
        fighter_name: video.fighterName,
        technique_name: found.name,
        start_timestamp: found.startTimestamp,
        end_timestamp: found.endTimestamp,
        start_seconds: parseTimestamp(found.startTimestamp) ?? 0,
      });
      if (clips.length === MAX_ACADEMY_CLIPS) return clips;
    }
  }
  return clips;
}
