/**
 * The notes, reasons and rationale of a pairing, written from its numbers. The words are in the
 * server's catalog (`pairing.*` in src/i18n/*.json); this file holds what to say when, and how the
 * parts of a sentence are put together.
 */
import type { Language } from '@openmat/contract/languages';
import { msg, translator, type Message, type Translate } from '../../i18n/catalog.js';
import { PAIRING_ASSUMPTIONS, type CostTerm, type FighterProfile, type PairFacts } from './cost.js';

/** A formed pair, with its facts taken in the order (a, b). */
export interface PairView {
  readonly a: FighterProfile;
  readonly b: FighterProfile;
  readonly facts: PairFacts;
}

/** Why a student sits out: facts about the closest possible partner are taken from the student's side. */
export type LeaveOutCause =
  | { readonly kind: 'alone' }
  | { readonly kind: 'only-kid' }
  | { readonly kind: 'only-adult' }
  /** The others of the group have each sat out more rounds of this session already. */
  | { readonly kind: 'turn' }
  | { readonly kind: 'closest'; readonly partner: FighterProfile; readonly facts: PairFacts };

export interface RationaleInput {
  readonly students: number;
  readonly pairs: readonly PairView[];
  readonly unpaired: ReadonlyArray<{ readonly profile: FighterProfile; readonly cause: LeaveOutCause }>;
  readonly kids: number;
  readonly adults: number;
  /** How many past sessions the history covers, or null when no usable history was given. */
  readonly recentSessions: number | null;
  /** How many different pairs of this roster were already used in this session. */
  readonly sessionPairsUsed: number;
}

export interface PairingWords {
  pairNotes(pair: PairView): string[];
  leaveOutReason(profile: FighterProfile, cause: LeaveOutCause): string;
  rationale(input: RationaleInput): string;
}

/** Numbers the rationale is written from, the same for every language. */
interface Summary {
  readonly paired: number;
  readonly widest: PairView | null;
  readonly weighedPairs: number;
  readonly averageGapKg: number;
  readonly averageGapPercent: number;
  readonly beltGaps: readonly number[];
  readonly mixedExperience: number;
  readonly recentRepeats: readonly PairView[];
  readonly sessionRepeats: readonly PairView[];
  readonly missingWeights: number;
}

function summarise(input: RationaleInput): Summary {
  const weighed = input.pairs.filter((p) => p.a.weightSource === 'given' && p.b.weightSource === 'given');
  let widest: PairView | null = null;
  for (const pair of weighed) if (!widest || pair.facts.weightGapKg > widest.facts.weightGapKg) widest = pair;
  const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);
  const beltGaps = [0, 0, 0, 0, 0];
  for (const pair of input.pairs) beltGaps[pair.facts.beltGap] = (beltGaps[pair.facts.beltGap] ?? 0) + 1;
  const everyone = [...input.pairs.flatMap((p) => [p.a, p.b]), ...input.unpaired.map((u) => u.profile)];
  return {
    paired: input.pairs.length * 2,
    widest,
    weighedPairs: weighed.length,
    averageGapKg: weighed.length ? sum(weighed.map((p) => p.facts.weightGapKg)) / weighed.length : 0,
    averageGapPercent: weighed.length ? sum(weighed.map((p) => p.facts.relativeGapPercent)) / weighed.length : 0,
    beltGaps,
    mixedExperience: input.pairs.filter((p) => p.facts.experienceGap > 0).length,
    recentRepeats: input.pairs.filter((p) => p.facts.recentSessionsAgo !== null),
    sessionRepeats: input.pairs.filter((p) => p.facts.repeatsInSession > 0),
    missingWeights: everyone.filter((p) => p.weightSource !== 'given').length,
  };
}

/** The terms that explain a pair's cost best: the largest, and the runner-up when it weighs something too. */
function mainTerms(facts: PairFacts): CostTerm[] {
  const order: readonly CostTerm[] = ['repeat', 'weight', 'belt', 'recent', 'experience', 'age', 'height'];
  const ranked = order
    .map((term) => ({ term, points: facts.breakdown[term] }))
    .filter(({ points }) => points > 0)
    .sort((x, y) => y.points - x.points);
  const [first, second] = ranked;
  if (!first) return [];
  return second && second.points >= 3 ? [first.term, second.term] : [first.term];
}

/** How many pairs a sentence names before it says "and N more". */
const LIST_LIMIT = 3;
/** A height gap worth a note: below this, height hardly changes a roll. */
const HEIGHT_NOTE_CM = 15;

/**
 * Below this many points, the closest partner alone does not explain why this student sits out, so
 * the reason adds that leaving anyone else out would not pair the rest better (true at the optimum).
 */
const CLOSE_CALL_POINTS = 5;

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const words = (t: Translate): PairingWords => {
  const belt = (profile: FighterProfile): string => t(`pairing.belt.${profile.belt}`);
  const pairs = (count: number): Message => msg('pairing.pairs', { count });
  const classes = (count: number): Message => msg('pairing.weightClasses', { count });
  const ago = (sessions: number): Message => msg('pairing.ago', { count: sessions });
  const names = (pair: PairView): string => t('pairing.and', { a: pair.a.candidate.name, b: pair.b.candidate.name });
  const listPairs = (list: readonly PairView[], detail: (pair: PairView) => Message): string => {
    const shown = list
      .slice(0, LIST_LIMIT)
      .map((p) => t('pairing.list.item', { names: names(p), detail: detail(p) }))
      .join(t('pairing.list.separator'));
    const rest = list.length - LIST_LIMIT;
    return rest > 0 ? t('pairing.list.more', { list: shown, count: rest }) : shown;
  };
  const assumedWeight = (p: FighterProfile): string =>
    t('pairing.assumedWeight', {
      name: p.candidate.name,
      kg: p.weightKg,
      source: msg(
        p.weightSource !== 'median'
          ? 'pairing.weightSource.default'
          : p.isKid
            ? 'pairing.weightSource.medianKids'
            : 'pairing.weightSource.medianAdults',
      ),
    });

  const describe = (term: CostTerm, f: PairFacts, self: FighterProfile, partner: FighterProfile): string => {
    switch (term) {
      case 'weight': {
        const params = { kg: f.weightGapKg, classes: classes(f.weightClassesApart) };
        if (f.weightClassesApart > 0) {
          return t(f.weightDiffKg > 0 ? 'pairing.describe.heavierApart' : 'pairing.describe.lighterApart', params);
        }
        return t(f.weightDiffKg > 0 ? 'pairing.describe.heavier' : 'pairing.describe.lighter', params);
      }
      case 'belt':
        return t(f.beltDiff > 0 ? 'pairing.describe.beltHigher' : 'pairing.describe.beltLower', {
          count: f.beltGap,
          partner: belt(partner),
          self: belt(self),
        });
      case 'experience':
        return t('pairing.describe.experience', { partner: partner.experience, self: self.experience });
      case 'age':
        return t((f.ageDiffYears ?? 0) > 0 ? 'pairing.describe.older' : 'pairing.describe.younger', {
          count: Math.abs(f.ageDiffYears ?? 0),
        });
      case 'height':
        return t((f.heightDiffCm ?? 0) > 0 ? 'pairing.describe.taller' : 'pairing.describe.shorter', {
          cm: Math.abs(f.heightDiffCm ?? 0),
        });
      case 'recent':
        return t('pairing.describe.recent', { ago: ago(f.recentSessionsAgo ?? 1) });
      case 'repeat':
        return t('pairing.describe.repeat');
    }
  };

  const leaveOutReason = (self: FighterProfile, cause: LeaveOutCause): string => {
    switch (cause.kind) {
      case 'alone':
        return t('pairing.reason.alone');
      case 'only-kid':
        return t('pairing.reason.onlyKid', { age: PAIRING_ASSUMPTIONS.adultFromAge });
      case 'only-adult':
        return t('pairing.reason.onlyAdult', { age: PAIRING_ASSUMPTIONS.adultFromAge });
      case 'turn':
        return t('pairing.reason.turn');
      case 'closest': {
        const name = cause.partner.candidate.name;
        const [first, second] = mainTerms(cause.facts).map((term) => describe(term, cause.facts, self, cause.partner));
        let why: string;
        if (first === undefined) {
          why = t('pairing.reason.closestEven', { name });
        } else {
          why = t('pairing.reason.closest', {
            name,
            why: second === undefined ? first : t('pairing.and', { a: first, b: second }),
          });
          if (cause.facts.cost < CLOSE_CALL_POINTS) why = t('pairing.reason.closeCall', { reason: why });
        }
        return self.weightSource === 'given'
          ? why
          : t('pairing.reason.withAssumedWeight', { reason: why, assumed: assumedWeight(self) });
      }
    }
  };

  return {
    pairNotes({ a, b, facts: f }) {
      const notes = [
        f.weightClassesApart === 0
          ? t('pairing.notes.weightSameClass', { kg: f.weightGapKg, percent: f.relativeGapPercent })
          : t('pairing.notes.weightClassesApart', {
              kg: f.weightGapKg,
              percent: f.relativeGapPercent,
              classes: classes(f.weightClassesApart),
            }),
      ];
      for (const p of [a, b]) if (p.weightSource !== 'given') notes.push(capitalize(assumedWeight(p)));
      if (f.beltGap > 0) notes.push(t('pairing.notes.beltGap', { gap: f.beltGap, a: belt(a), b: belt(b) }));
      for (const p of [a, b]) if (!p.beltGiven) notes.push(t('pairing.notes.noBelt', { name: p.candidate.name }));
      if (f.experienceGap > 0) notes.push(t('pairing.notes.experience', { a: a.experience, b: b.experience }));
      if (f.breakdown.age > 0) notes.push(t('pairing.notes.ageGap', { count: Math.abs(f.ageDiffYears ?? 0) }));
      for (const p of [a, b])
        if (p.age === null) notes.push(t('pairing.notes.noBirthdate', { name: p.candidate.name }));
      if (f.heightDiffCm !== null && Math.abs(f.heightDiffCm) >= HEIGHT_NOTE_CM) {
        notes.push(t('pairing.notes.heightGap', { cm: Math.abs(f.heightDiffCm) }));
      }
      if (f.recentSessionsAgo !== null) notes.push(t('pairing.notes.recent', { ago: ago(f.recentSessionsAgo) }));
      if (f.repeatsInSession > 0) notes.push(t('pairing.notes.repeat'));
      return notes;
    },

    leaveOutReason,

    rationale(input) {
      const sum = summarise(input);
      const out: string[] = [];
      if (input.students === 0) return t('pairing.rationale.nobody');
      if (input.students === 1) {
        out.push(t('pairing.rationale.onlyOne'));
      } else if (input.pairs.length === 0) {
        out.push(t('pairing.rationale.noneCouldPair', { count: input.students }));
      } else {
        out.push(
          t('pairing.rationale.paired', {
            paired: sum.paired,
            count: input.students,
            pairs: pairs(input.pairs.length),
          }),
        );
        const { widest } = sum;
        if (widest && sum.weighedPairs > 1) {
          const gaps = {
            kg: widest.facts.weightGapKg,
            names: names(widest),
            averageKg: sum.averageGapKg,
            averagePercent: sum.averageGapPercent,
          };
          out.push(
            sum.weighedPairs < input.pairs.length
              ? t('pairing.rationale.largestGapOfWeighed', { ...gaps, count: sum.weighedPairs })
              : t('pairing.rationale.largestGap', gaps),
          );
        } else if (widest) {
          out.push(
            t('pairing.rationale.onlyGap', {
              kg: widest.facts.weightGapKg,
              names: names(widest),
              percent: widest.facts.relativeGapPercent,
            }),
          );
        } else {
          out.push(t('pairing.rationale.noWeights'));
        }
        const beltParts = sum.beltGaps.flatMap((count, gap) =>
          count === 0
            ? []
            : [
                gap === 0
                  ? t('pairing.rationale.sameBeltGroup', { pairs: pairs(count) })
                  : t('pairing.rationale.beltGapGroup', { count: gap, pairs: pairs(count) }),
              ],
        );
        out.push(
          (sum.beltGaps[0] ?? 0) === input.pairs.length
            ? t(input.pairs.length === 1 ? 'pairing.rationale.bothSameBelt' : 'pairing.rationale.everyPairSameBelt')
            : t('pairing.rationale.belts', { list: beltParts.join(t('pairing.rationale.beltSeparator')) }),
        );
        if (sum.mixedExperience > 0) {
          out.push(t('pairing.rationale.mixedExperience', { count: sum.mixedExperience }));
        }
      }
      if (input.recentSessions !== null && input.pairs.length > 0) {
        out.push(
          sum.recentRepeats.length === 0
            ? t('pairing.rationale.noRecentRepeats', { count: input.recentSessions })
            : t('pairing.rationale.recentRepeats', {
                count: sum.recentRepeats.length,
                list: listPairs(sum.recentRepeats, (p) => ago(p.facts.recentSessionsAgo ?? 1)),
              }),
        );
      }
      if (input.sessionPairsUsed > 0 && input.pairs.length > 0) {
        out.push(
          sum.sessionRepeats.length === 0
            ? t('pairing.rationale.noSessionRepeats', { count: input.sessionPairsUsed })
            : t('pairing.rationale.sessionRepeats', {
                count: sum.sessionRepeats.length,
                list: listPairs(sum.sessionRepeats, (p) =>
                  msg('pairing.earlierRounds', { count: p.facts.repeatsInSession }),
                ),
              }),
        );
      }
      if (input.kids > 0 && input.adults > 0) {
        out.push(
          t('pairing.rationale.kidsApart', {
            age: PAIRING_ASSUMPTIONS.adultFromAge,
            kids: input.kids,
            adults: input.adults,
          }),
        );
      }
      if (sum.missingWeights > 0) out.push(t('pairing.rationale.missingWeights', { count: sum.missingWeights }));
      for (const { profile, cause } of input.unpaired) {
        out.push(
          t('pairing.rationale.sitsOut', { name: profile.candidate.name, reason: leaveOutReason(profile, cause) }),
        );
      }
      return out.join(' ');
    },
  };
};

const wordsByLanguage = new Map<Language, PairingWords>();

export function pairingWords(language: Language): PairingWords {
  let known = wordsByLanguage.get(language);
  if (!known) {
    known = words(translator(language));
    wordsByLanguage.set(language, known);
  }
  return known;
}
