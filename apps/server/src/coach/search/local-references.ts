import type { TechniqueSearchResult } from '@openmat/contract/coaching';
import type { Language } from '@openmat/contract/languages';
import { foldName } from '@openmat/contract/members';
import { translator } from '../../i18n/catalog.js';
import { TECHNIQUES } from '../knowledge/knowledge-base.js';
import type { Technique } from '../knowledge/types.js';

/** Lower case, without diacritics or punctuation, so 'Dźwignia' finds 'dzwignia'. */
export function fold(text: string): string {
  return foldName(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The knowledge-base technique a search names: by id, by name in either language, or by the best overlap. */
export function findTechnique(name: string): Technique | undefined {
  const wanted = fold(name);
  if (!wanted) return undefined;
  const exact = TECHNIQUES.find(
    (t) =>
      t.id === name ||
      fold(t.name.en) === wanted ||
      fold(t.name.pl) === wanted ||
      fold(t.id.replaceAll('-', ' ')) === wanted,
  );
  if (exact) return exact;
  const words = new Set(wanted.split(' ').filter((w) => w.length > 2));
  let best: { technique: Technique; score: number } | undefined;
  for (const technique of TECHNIQUES) {
    const names = `${fold(technique.name.en)} ${fold(technique.name.pl)}`.split(' ');
    const score = names.filter((w) => words.has(w)).length / Math.max(words.size, 1);
    if (score > (best?.score ?? 0.5)) best = { technique, score };
  }
  return best?.technique;
}

/**
 * Free and paid resources of a technique (`findTechnique`) from the knowledge base's own references: links that were checked when the
 * knowledge base was written. Nothing is invented: a technique without references gives empty lists.
 */
export function localReferences(
  technique: Technique | undefined,
  language: Language,
): Pick<TechniqueSearchResult, 'free_videos' | 'paid_resources'> {
  if (!technique) return { free_videos: [], paid_resources: [] };
  const title = technique.name[language];
  return {
    free_videos: technique.references
      .filter((ref) => ref.kind === 'free')
      .map((ref) => ({ title: ref.title, link: ref.url })),
    paid_resources: technique.references
      .filter((ref) => ref.kind === 'paid')
      .map((ref) => ({
        title: ref.title,
        description: ref.description?.[language] ?? '',
        relevance: translator(language)('search.relevance', { title }),
        web_link: ref.url,
      })),
  };
}
