import { PAIRING_ASSUMPTIONS, type CostTerm, type FighterProfile, type PairFacts } from './cost.js';
import type { BeltName, PairingLanguage } from './pairing-types.js';

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
  | { readonly kind: 'closest'; readonly partner: FighterProfile; readonly facts: PairFacts };

export interface RationaleInput {
  readonly students: number;
  readonly pairs: readonly PairView[];
  readonly unpaired: ReadonlyArray<{ readonly profile: FighterProfile; readonly reason: string }>;
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

const formats = new Map<string, Intl.NumberFormat>();
/** Up to one decimal, in the locale's style (3.5 or 3,5); formats are built once per locale. */
function formatter(locale: string): (value: number) => string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
    formats.set(locale, format);
  }
  const ready = format;
  return (value) => ready.format(Math.abs(value) < 0.05 ? 0 : value);
}

/** Polish plural forms: 1 (one), 2–4 except 12–14 (few), everything else (many). */
function plPlural(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const tens = count % 100;
  const units = count % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
}

const EN_COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four'];
const EN_BELTS: Record<BeltName, string> = {
  White: 'White',
  Blue: 'Blue',
  Purple: 'Purple',
  Brown: 'Brown',
  Black: 'Black',
};
const PL_BELTS: Record<BeltName, string> = {
  White: 'biały',
  Blue: 'niebieski',
  Purple: 'purpurowy',
  Brown: 'brązowy',
  Black: 'czarny',
};

const english = (): PairingWords => {
  const num = formatter('en-GB');
  const s = (count: number, word: string, plural = `${word}s`): string =>
    `${num(count)} ${count === 1 ? word : plural}`;
  const classes = (count: number): string => s(count, 'IBJJF weight class', 'IBJJF weight classes');
  const ago = (sessions: number): string => (sessions === 1 ? 'last session' : `${num(sessions)} sessions ago`);
  const names = (pair: PairView): string => `${pair.a.candidate.name} and ${pair.b.candidate.name}`;
  const listPairs = (pairs: readonly PairView[], detail: (pair: PairView) => string): string => {
    const shown = pairs.slice(0, LIST_LIMIT).map((p) => `${names(p)} (${detail(p)})`);
    const rest = pairs.length - shown.length;
    return rest > 0 ? `${shown.join(', ')} and ${num(rest)} more` : shown.join(', ');
  };
  const assumedWeight = (p: FighterProfile, lead = 'No'): string =>
    `${lead} weight on file for ${p.candidate.name}; assumed ${num(p.weightKg)} kg (${
      p.weightSource === 'median' ? `median of the ${p.isKid ? 'kids' : 'adults'} here` : 'default'
    })`;

  const describe = (term: CostTerm, f: PairFacts, self: FighterProfile, partner: FighterProfile): string => {
    switch (term) {
      case 'weight': {
        const way = f.weightDiffKg > 0 ? 'heavier' : 'lighter';
        const apart = f.weightClassesApart > 0 ? ` (${classes(f.weightClassesApart)} apart)` : '';
        return `is ${num(f.weightGapKg)} kg ${way}${apart}`;
      }
      case 'belt':
        return `is ${EN_COUNT_WORDS[f.beltGap] ?? num(f.beltGap)} belt${f.beltGap === 1 ? '' : 's'} ${
          f.beltDiff > 0 ? 'higher' : 'lower'
        } (${EN_BELTS[partner.belt]} against ${EN_BELTS[self.belt]})`;
      case 'experience':
        return `is at experience level ${num(partner.experience)} against ${num(self.experience)}`;
      case 'age':
        return `is ${s(Math.abs(f.ageDiffYears ?? 0), 'year')} ${(f.ageDiffYears ?? 0) > 0 ? 'older' : 'younger'}`;
      case 'height':
        return `is ${num(Math.abs(f.heightDiffCm ?? 0))} cm ${(f.heightDiffCm ?? 0) > 0 ? 'taller' : 'shorter'}`;
      case 'recent':
        return `was this student's partner ${ago(f.recentSessionsAgo ?? 1)}`;
      case 'repeat':
        return `has already been this student's partner in this session`;
    }
  };

  return {
    pairNotes({ a, b, facts: f }) {
      const notes = [
        `Weight gap ${num(f.weightGapKg)} kg (${num(f.relativeGapPercent)}%), ${
          f.weightClassesApart === 0 ? 'same IBJJF weight class' : `${classes(f.weightClassesApart)} apart`
        }`,
      ];
      for (const p of [a, b]) if (p.weightSource !== 'given') notes.push(assumedWeight(p));
      if (f.beltGap > 0) notes.push(`Belt gap ${num(f.beltGap)}: ${EN_BELTS[a.belt]} and ${EN_BELTS[b.belt]}`);
      for (const p of [a, b]) if (!p.beltGiven) notes.push(`No belt on file for ${p.candidate.name}; treated as White`);
      if (f.experienceGap > 0) notes.push(`Experience levels ${num(a.experience)} and ${num(b.experience)}`);
      if (f.breakdown.age > 0) notes.push(`Age gap ${s(Math.abs(f.ageDiffYears ?? 0), 'year')}`);
      for (const p of [a, b])
        if (p.age === null) notes.push(`No birthdate for ${p.candidate.name}; treated as an adult`);
      if (f.heightDiffCm !== null && Math.abs(f.heightDiffCm) >= HEIGHT_NOTE_CM) {
        notes.push(`Height gap ${num(Math.abs(f.heightDiffCm))} cm`);
      }
      if (f.recentSessionsAgo !== null) notes.push(`Also partners ${ago(f.recentSessionsAgo)}`);
      if (f.repeatsInSession > 0) notes.push('Already partners earlier in this session');
      return notes;
    },

    leaveOutReason(self, cause) {
      switch (cause.kind) {
        case 'alone':
          return 'the only student in this class';
        case 'only-kid':
          return `the only kid (under ${num(PAIRING_ASSUMPTIONS.adultFromAge)}) in this class, and kids never spar with adults`;
        case 'only-adult':
          return `the only adult (${num(PAIRING_ASSUMPTIONS.adultFromAge)} or older) among kids, and adults never spar with kids`;
        case 'closest': {
          const terms = mainTerms(cause.facts);
          const who = `the closest possible partner, ${cause.partner.candidate.name},`;
          const why =
            terms.length === 0
              ? `${who} is an even match, and sitting this student out still gives the lowest total cost`
              : `${who} ${terms.map((t) => describe(t, cause.facts, self, cause.partner)).join(' and ')}${
                  cause.facts.cost < CLOSE_CALL_POINTS
                    ? '; with anyone else sitting out, the rest would pair no better'
                    : ''
                }`;
          return self.weightSource === 'given' ? why : `${why}; ${assumedWeight(self, 'no')}`;
        }
      }
    },

    rationale(input) {
      const sum = summarise(input);
      const out: string[] = [];
      if (input.students === 0) return 'No students are on the roster, so there is nobody to pair.';
      if (input.students === 1) {
        out.push('Only one student is on the roster, so nobody could be paired.');
      } else if (input.pairs.length === 0) {
        out.push(`None of the ${s(input.students, 'student')} could be paired.`);
      } else {
        out.push(`Paired ${num(sum.paired)} of ${s(input.students, 'student')} into ${s(input.pairs.length, 'pair')}.`);
        const { widest } = sum;
        if (widest && sum.weighedPairs > 1) {
          out.push(
            `The largest weight gap is ${num(widest.facts.weightGapKg)} kg (${names(widest)}); the average is ${num(
              sum.averageGapKg,
            )} kg, ${num(sum.averageGapPercent)}% of the lighter partner's weight${
              sum.weighedPairs < input.pairs.length
                ? `, counting the ${s(sum.weighedPairs, 'pair')} with both weights on file`
                : ''
            }.`,
          );
        } else if (widest) {
          out.push(
            `The weight gap is ${num(widest.facts.weightGapKg)} kg (${names(widest)}), ${num(
              widest.facts.relativeGapPercent,
            )}% of the lighter partner's weight.`,
          );
        } else {
          out.push('No pair has both weights on file, so weights were judged on assumed values.');
        }
        const beltParts = sum.beltGaps.flatMap((count, gap) =>
          count === 0
            ? []
            : [
                gap === 0
                  ? `${s(count, 'pair')} on the same belt`
                  : `${s(count, 'pair')} ${EN_COUNT_WORDS[gap] ?? num(gap)} belt${gap === 1 ? '' : 's'} apart`,
              ],
        );
        out.push(
          (sum.beltGaps[0] ?? 0) === input.pairs.length
            ? input.pairs.length === 1
              ? 'Both partners wear the same belt.'
              : 'Every pair shares a belt.'
            : `Belts: ${beltParts.join(', ')}.`,
        );
        if (sum.mixedExperience > 0) {
          out.push(
            `${s(sum.mixedExperience, 'pair')} ${sum.mixedExperience === 1 ? 'mixes' : 'mix'} experience levels.`,
          );
        }
      }
      if (input.recentSessions !== null && input.pairs.length > 0) {
        out.push(
          sum.recentRepeats.length === 0
            ? `No pair repeats a partnership from the last ${
                input.recentSessions === 1 ? 'session' : `${num(input.recentSessions)} sessions`
              }.`
            : `${s(sum.recentRepeats.length, 'pair')} ${
                sum.recentRepeats.length === 1 ? 'repeats' : 'repeat'
              } a recent partnership: ${listPairs(sum.recentRepeats, (p) => ago(p.facts.recentSessionsAgo ?? 1))}.`,
        );
      }
      if (input.sessionPairsUsed > 0 && input.pairs.length > 0) {
        out.push(
          sum.sessionRepeats.length === 0
            ? `Every pair is new for this session; the ${s(input.sessionPairsUsed, 'pair')} already used ${
                input.sessionPairsUsed === 1 ? 'was' : 'were'
              } avoided.`
            : `${s(sum.sessionRepeats.length, 'pair')} had to repeat a partnership from this session: ${listPairs(
                sum.sessionRepeats,
                (p) => s(p.facts.repeatsInSession, 'earlier round'),
              )}.`,
        );
      }
      if (input.kids > 0 && input.adults > 0) {
        out.push(
          `Kids under ${num(PAIRING_ASSUMPTIONS.adultFromAge)} (${num(input.kids)}) and adults (${num(
            input.adults,
          )}) were matched separately.`,
        );
      }
      if (sum.missingWeights > 0) {
        out.push(
          `${s(sum.missingWeights, 'student')} had no weight on file; the notes give the weight assumed for ${
            sum.missingWeights === 1 ? 'that student' : 'each'
          }.`,
        );
      }
      for (const { profile, reason } of input.unpaired) out.push(`${profile.candidate.name} sits out: ${reason}.`);
      return out.join(' ');
    },
  };
};

const polish = (): PairingWords => {
  const num = formatter('pl-PL');
  const pairs = (count: number): string => `${num(count)} ${plPlural(count, 'para', 'pary', 'par')}`;
  const people = (count: number): string => `${num(count)} ${plPlural(count, 'osoba', 'osoby', 'osób')}`;
  const years = (count: number): string => `${num(count)} ${plPlural(count, 'rok', 'lata', 'lat')}`;
  const classes = (count: number): string =>
    `${num(count)} ${count === 1 ? 'kategorii wagowej' : 'kategorii wagowych'} IBJJF`;
  const ago = (sessions: number): string =>
    sessions === 1 ? 'na poprzedniej sesji' : `${num(sessions)} ${plPlural(sessions, 'sesję', 'sesje', 'sesji')} temu`;
  const names = (pair: PairView): string => `${pair.a.candidate.name} i ${pair.b.candidate.name}`;
  const listPairs = (list: readonly PairView[], detail: (pair: PairView) => string): string => {
    const shown = list.slice(0, LIST_LIMIT).map((p) => `${names(p)} – ${detail(p)}`);
    const rest = list.length - shown.length;
    return rest > 0
      ? `${shown.join('; ')} i ${num(rest)} ${plPlural(rest, 'inna', 'inne', 'innych')}`
      : shown.join('; ');
  };
  const assumedWeight = (p: FighterProfile): string =>
    `brak wagi: ${p.candidate.name}; przyjęto ${num(p.weightKg)} kg (${
      p.weightSource === 'median' ? `mediana ${p.isKid ? 'dzieci' : 'dorosłych'} na zajęciach` : 'wartość domyślna'
    })`;
  const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

  const describe = (term: CostTerm, f: PairFacts, self: FighterProfile, partner: FighterProfile): string => {
    switch (term) {
      case 'weight': {
        const apart = f.weightClassesApart > 0 ? ` (odstęp ${classes(f.weightClassesApart)})` : '';
        return `waży o ${num(f.weightGapKg)} kg ${f.weightDiffKg > 0 ? 'więcej' : 'mniej'}${apart}`;
      }
      case 'belt':
        return `ma pas o ${num(f.beltGap)} ${plPlural(f.beltGap, 'stopień', 'stopnie', 'stopni')} ${
          f.beltDiff > 0 ? 'wyższy' : 'niższy'
        } (${PL_BELTS[partner.belt]} wobec ${PL_BELTS[self.belt]})`;
      case 'experience':
        return `ma poziom doświadczenia ${num(partner.experience)} wobec ${num(self.experience)}`;
      case 'age':
        return `ma o ${years(Math.abs(f.ageDiffYears ?? 0))} ${(f.ageDiffYears ?? 0) > 0 ? 'więcej' : 'mniej'}`;
      case 'height':
        return `ma o ${num(Math.abs(f.heightDiffCm ?? 0))} cm wzrostu ${(f.heightDiffCm ?? 0) > 0 ? 'więcej' : 'mniej'}`;
      case 'recent':
        return `ta para ćwiczyła razem ${ago(f.recentSessionsAgo ?? 1)}`;
      case 'repeat':
        return 'ta para ćwiczyła już razem na tej sesji';
    }
  };

  return {
    pairNotes({ a, b, facts: f }) {
      const notes = [
        `Różnica wagi ${num(f.weightGapKg)} kg (${num(f.relativeGapPercent)}%), ${
          f.weightClassesApart === 0 ? 'ta sama kategoria wagowa IBJJF' : `odstęp ${classes(f.weightClassesApart)}`
        }`,
      ];
      for (const p of [a, b]) if (p.weightSource !== 'given') notes.push(capital(assumedWeight(p)));
      if (f.beltGap > 0) notes.push(`Różnica pasów ${num(f.beltGap)}: ${PL_BELTS[a.belt]} i ${PL_BELTS[b.belt]}`);
      for (const p of [a, b]) if (!p.beltGiven) notes.push(`Brak pasa: ${p.candidate.name}; przyjęto biały`);
      if (f.experienceGap > 0) notes.push(`Poziomy doświadczenia: ${num(a.experience)} i ${num(b.experience)}`);
      if (f.breakdown.age > 0) notes.push(`Różnica wieku: ${years(Math.abs(f.ageDiffYears ?? 0))}`);
      for (const p of [a, b]) {
        if (p.age === null) notes.push(`Brak daty urodzenia: ${p.candidate.name}; przyjęto, że to osoba dorosła`);
      }
      if (f.heightDiffCm !== null && Math.abs(f.heightDiffCm) >= HEIGHT_NOTE_CM) {
        notes.push(`Różnica wzrostu: ${num(Math.abs(f.heightDiffCm))} cm`);
      }
      if (f.recentSessionsAgo !== null) notes.push(`Ta para ćwiczyła razem także ${ago(f.recentSessionsAgo)}`);
      if (f.repeatsInSession > 0) notes.push('Ta para ćwiczyła już razem na tej sesji');
      return notes;
    },

    leaveOutReason(self, cause) {
      switch (cause.kind) {
        case 'alone':
          return 'jedyna osoba na zajęciach';
        case 'only-kid':
          return `jedyne dziecko (poniżej ${num(PAIRING_ASSUMPTIONS.adultFromAge)} lat) na zajęciach, a dzieci nie sparują z dorosłymi`;
        case 'only-adult':
          return `jedyna osoba dorosła (${num(PAIRING_ASSUMPTIONS.adultFromAge)}+) wśród dzieci, a dorośli nie sparują z dziećmi`;
        case 'closest': {
          const terms = mainTerms(cause.facts);
          const who = `najlepiej dopasowana osoba to ${cause.partner.candidate.name}`;
          const why =
            terms.length === 0
              ? `${who} i ta para byłaby wyrównana, a mimo to ta przerwa daje najniższy łączny koszt`
              : `${who}: ${terms.map((t) => describe(t, cause.facts, self, cause.partner)).join(' i ')}${
                  cause.facts.cost < CLOSE_CALL_POINTS ? '; przerwa dla kogokolwiek innego nie dałaby lepszych par' : ''
                }`;
          return self.weightSource === 'given' ? why : `${why}; ${assumedWeight(self)}`;
        }
      }
    },

    rationale(input) {
      const sum = summarise(input);
      const out: string[] = [];
      if (input.students === 0) return 'Nikt nie jest zapisany na zajęcia, więc nie ma kogo łączyć w pary.';
      if (input.students === 1) {
        out.push('Na zajęciach jest tylko jedna osoba, więc nie ma z kim utworzyć pary.');
      } else if (input.pairs.length === 0) {
        out.push(`Nie udało się połączyć w pary żadnej z ${num(input.students)} osób.`);
      } else {
        out.push(`Połączono w pary ${num(sum.paired)} z ${num(input.students)} osób: ${pairs(input.pairs.length)}.`);
        const { widest } = sum;
        if (widest && sum.weighedPairs > 1) {
          out.push(
            `Największa różnica wagi to ${num(widest.facts.weightGapKg)} kg (${names(widest)}); średnio ${num(
              sum.averageGapKg,
            )} kg, czyli ${num(sum.averageGapPercent)}% wagi lżejszej osoby${
              sum.weighedPairs < input.pairs.length
                ? ` (liczone dla par z obiema wagami w kartotece: ${num(sum.weighedPairs)})`
                : ''
            }.`,
          );
        } else if (widest) {
          out.push(
            `Różnica wagi w parze ${names(widest)} to ${num(widest.facts.weightGapKg)} kg, czyli ${num(
              widest.facts.relativeGapPercent,
            )}% wagi lżejszej osoby.`,
          );
        } else {
          out.push('Żadna para nie ma obu wag w kartotece, więc wagę oceniono na podstawie wartości przyjętych.');
        }
        const beltParts = sum.beltGaps.flatMap((count, gap) =>
          count === 0
            ? []
            : [
                gap === 0
                  ? `ten sam pas – ${pairs(count)}`
                  : `różnica ${num(gap)} ${gap === 1 ? 'pasa' : 'pasów'} – ${pairs(count)}`,
              ],
        );
        out.push(
          (sum.beltGaps[0] ?? 0) === input.pairs.length
            ? input.pairs.length === 1
              ? 'Oboje partnerzy mają ten sam pas.'
              : 'Każda para ma ten sam pas.'
            : `Pasy: ${beltParts.join(', ')}.`,
        );
        if (sum.mixedExperience > 0) out.push(`Różny poziom doświadczenia: ${pairs(sum.mixedExperience)}.`);
      }
      if (input.recentSessions !== null && input.pairs.length > 0) {
        out.push(
          sum.recentRepeats.length === 0
            ? `Żadna para nie powtarza się z ${
                input.recentSessions === 1 ? 'ostatniej sesji' : `ostatnich ${num(input.recentSessions)} sesji`
              }.`
            : `Pary powtórzone z ostatnich sesji: ${num(sum.recentRepeats.length)} (${listPairs(
                sum.recentRepeats,
                (p) => ago(p.facts.recentSessionsAgo ?? 1),
              )}).`,
        );
      }
      if (input.sessionPairsUsed > 0 && input.pairs.length > 0) {
        out.push(
          sum.sessionRepeats.length === 0
            ? `Wszystkie pary są nowe na tej sesji (wcześniej użyte pary: ${num(input.sessionPairsUsed)}).`
            : `Pary powtórzone z tej sesji: ${num(sum.sessionRepeats.length)} (${listPairs(
                sum.sessionRepeats,
                (p) =>
                  `razem już w ${num(p.facts.repeatsInSession)} ${p.facts.repeatsInSession === 1 ? 'rundzie' : 'rundach'}`,
              )}).`,
        );
      }
      if (input.kids > 0 && input.adults > 0) {
        out.push(
          `Dzieci poniżej ${num(PAIRING_ASSUMPTIONS.adultFromAge)} lat (${num(input.kids)}) i dorosłych (${num(
            input.adults,
          )}) dobrano osobno.`,
        );
      }
      if (sum.missingWeights > 0) {
        out.push(`Brak wagi w kartotece: ${people(sum.missingWeights)}; przyjęte wartości podano w uwagach do par.`);
      }
      for (const { profile, reason } of input.unpaired) out.push(`Pauzuje ${profile.candidate.name} – ${reason}.`);
      return out.join(' ');
    },
  };
};

export function pairingWords(language: PairingLanguage): PairingWords {
  return language === 'pl' ? polish() : english();
}
