import type { AnalysisPosition } from '@openmat/contract/analysis';
import type { Language } from '@openmat/contract/languages';
import type { FindingsKnowledge, WeaknessCategory } from '../analysis/findings.js';
import type { MoveKind } from '../analysis/moves.js';
import { drillsFor, positionById, techniqueById, techniquesFor } from '../coach/knowledge/knowledge-base.js';
import type { PositionId, Technique, TechniqueType } from '../coach/knowledge/types.js';
import { WEAKNESS_KEYWORDS } from '../coach/knowledge/weakness-names.js';

/** The knowledge base's type of technique that makes each move. */
const TECHNIQUE_TYPES: Record<MoveKind, TechniqueType> = {
  takedown: 'takedown',
  'guard-pull': 'transition',
  sweep: 'sweep',
  pass: 'pass',
  'back-take': 'transition',
  mount: 'transition',
  'knee-on-belly': 'transition',
  escape: 'escape',
};

/** The scramble (and an unclear stretch) is no knowledge-base position: what follows is looked up as from standing. */
const knowledgePosition = (position: AnalysisPosition): PositionId =>
  position === 'scramble' || position === 'unclear' ? 'standing' : position;

/** Whether a technique leads to one done in `position`: where the knowledge base says it ends. */
const endsIn = (technique: Technique, position: PositionId) =>
  (technique.leadsTo ?? []).some((id) => techniqueById(id)?.position === position);

/** Where to look when a position has no technique of a kind. */
const NEIGHBOURS: Partial<Record<AnalysisPosition, PositionId[]>> = {
  'closed-guard': ['open-guard'],
  'half-guard': ['open-guard'],
  'knee-on-belly': ['side-control'],
};

const SCRAMBLE_NAME: Record<Language, string> = { en: 'Scramble', pl: 'Przepychanka' };
const UNCLEAR_NAME: Record<Language, string> = { en: 'Unclear', pl: 'Nieczytelne' };

/**
 * The technique knowledge base (coach/) as the analysis's findings need it (analysis/): a service
 * composes the two, so neither imports the other.
 */
export const analysisKnowledge: FindingsKnowledge = {
  techniquesFor(kind: MoveKind, from: AnalysisPosition, to: AnalysisPosition, side, language) {
    const type = TECHNIQUE_TYPES[kind];
    // The exact position and side first, then the same position, then a neighbouring guard (a closed
    // guard is passed once it is opened, so open-guard passes are the candidates).
    const queries = [
      { position: knowledgePosition(from), type, perspective: side },
      { position: knowledgePosition(from), type },
      ...(NEIGHBOURS[from] ?? []).map((position) => ({ position, type })),
    ];
    const found = queries.map((query) => techniquesFor(query)).find((techniques) => techniques.length > 0) ?? [];
    // Of those, the ones that end where the roll went: a technique ends where the techniques it leads to are
    // done (side control to mount, not side control to knee on belly, for a change to mount). When none
    // does, the knowledge base does not say where they end, and all stay.
    const ending = found.filter((technique) => endsIn(technique, knowledgePosition(to)));
    // Beginner techniques first: the likeliest in a gym's everyday rolling.
    const order = { beginner: 0, intermediate: 1, advanced: 2 };
    return [...(ending.length > 0 ? ending : found)]
      .sort((first, second) => order[first.level] - order[second.level])
      .map((technique) => ({ id: technique.id, name: technique.name[language] }));
  },
  drillsFor(tag: WeaknessCategory, language: Language) {
    return drillsFor({ focus: tag }).map((drill) => ({
      id: drill.id,
      name: drill.name[language],
      description: drill.description[language],
      minutes: drill.minutes,
    }));
  },
  keywordsFor(tag: WeaknessCategory, language: Language) {
    return [...WEAKNESS_KEYWORDS[tag][language]];
  },
  positionName(position: AnalysisPosition, language: Language) {
    if (position === 'scramble') return SCRAMBLE_NAME[language];
    if (position === 'unclear') return UNCLEAR_NAME[language];
    return positionById(position)?.name[language] ?? position;
  },
};
