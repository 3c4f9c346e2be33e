/**
 * The topic of a class from its description: the positions and techniques of the knowledge base that it
 * names, in English or Polish, so that "Closed guard: armbar chain" or "Garda zamknięta – dźwignia na łokieć"
 * gets a closed-guard plan with the armbar in it.
 *
 * How a description is read:
 * - Text is compared word by word, ignoring case, accents (ł as l), punctuation and the articles 'the', 'a'
 *   and 'an'. Words of four letters or more also match their inflected forms when they share all but their
 *   last three letters and at least four ("gardy zamkniętej" reads as "garda zamknięta", "armbars" as
 *   "armbar").
 * - The phrases looked for come from the knowledge base's names in both languages: each position's name;
 *   each technique's name, the aliases in its brackets ("Flower sweep (pendulum sweep)"), the name without
 *   the position it starts from ("Armbar from closed guard" → "armbar", "Kimura z półgardy" → "kimura"), and
 *   the name without a generic head word ("Triangle choke" → "triangle", "Przejście toreando" → "toreando").
 *   A phrase made only of generic words ("ucieczka", "sweep", "góra") names nothing.
 * - The longest phrases win: words that a longer phrase covers are not read again, and on a tie a position
 *   wins over a technique.
 * A phrase can name several techniques ("armbar" is done from closed guard, mount and the back); the
 * positions the description names decide among them. Words left over that name a kind of technique
 * ("escapes", "wywrotki") choose the side of a named position ("Mount escapes": mount, from the bottom).
 * Named alone ("Takedowns", "Guard passing", "Wywrotki"), a kind makes the plan about techniques of that
 * kind, from a side where the audience may use them.
 */
import { POSITIONS, TECHNIQUES } from '../knowledge/knowledge-base.js';
import type { Perspective, PositionId, Technique, TechniqueType } from '../knowledge/types.js';

/** What a description names, in the order it names it. */
export interface TopicMatch {
  readonly positions: readonly PositionId[];
  /** One group per technique phrase: the techniques that phrase can mean, in knowledge-base order. */
  readonly techniques: ReadonlyArray<readonly Technique[]>;
  /** Kinds of technique named by words outside those phrases ("Mount escapes", "Wywrotki z półgardy"). */
  readonly types: readonly TechniqueType[];
}

/** Words that name a kind of technique; they choose the side of a named position. */
const TYPE_WORDS: ReadonlyArray<readonly [string, readonly TechniqueType[]]> = [
  ['escape', ['escape']],
  ['ucieczka', ['escape']],
  ['sweep', ['sweep']],
  ['wywrotka', ['sweep']],
  ['pass', ['pass']],
  ['przejscie', ['pass', 'transition']],
  ['transition', ['transition']],
  ['submission', ['submission']],
  ['choke', ['submission']],
  ['lock', ['submission']],
  ['poddanie', ['submission']],
  ['duszenie', ['submission']],
  ['dzwignia', ['submission']],
  ['takedown', ['takedown']],
  ['throw', ['takedown']],
  ['obalenie', ['takedown']],
  ['rzut', ['takedown']],
  ['control', ['control']],
  ['pin', ['control']],
  ['pins', ['control']],
  ['kontrola', ['control']],
];

/** Words that carry no meaning for a topic. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  ...['from', 'to', 'of', 'and', 'in', 'on', 'with'],
  ...['z', 'ze', 'na', 'do', 'w', 'we', 'i', 'za', 'po', 'przez', 'pod', 'spod', 'od'],
]);

/** Head words too generic to name a technique on their own. */
const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'choke',
  'sweep',
  'pass',
  'escape',
  'takedown',
  'throw',
  'control',
  'defence',
  'defense',
  'guard',
  'lock',
  'submission',
  'transition',
  'top',
  'bottom',
  'duszenie',
  'wywrotka',
  'przejscie',
  'ucieczka',
  'obalenie',
  'rzut',
  'kontrola',
  'obrona',
  'dzwignia',
  'wejscie',
  'podciecie',
  'wstawanie',
  'zmiana',
  'utrzymanie',
  'trzymanie',
  'garda',
  'gora',
  'dol',
]);

const ARTICLES: ReadonlySet<string> = new Set(['the', 'a', 'an']);

/** Letters that Unicode normalisation does not take apart into a base letter and an accent. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe' };

/** The words of a text: lower case, no accents, no punctuation, no articles. */
export function topicWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łøđßæœ]/gu, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !ARTICLES.has(word));
}

/** Whether two words are the same word, allowing for endings: "garda" and "gardy", "armbar" and "armbars". */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4) return false;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return common >= Math.max(4, Math.max(a.length, b.length) - 3);
}

interface Phrase {
  readonly words: readonly string[];
  readonly position?: PositionId;
  readonly techniques: readonly Technique[];
}

/** Whether a phrase says something: a word that is neither generic nor a stop word, and four letters. */
function meaningful(words: readonly string[]): boolean {
  const telling = words.filter((word) => !STOP_WORDS.has(word));
  return telling.some((word) => !GENERIC_WORDS.has(word)) && telling.join('').length >= 4;
}

/** Where a name says which position the technique starts from: "… from closed guard", "… z gardy …". */
const FROM_WORDS: ReadonlySet<string> = new Set(['from', 'z', 'ze']);

/** The phrases a technique's name in one language gives (see the top of this file). */
function namePhrases(name: string): string[][] {
  const bracketed = [...name.matchAll(/\(([^)]*)\)/gu)].flatMap((match) => (match[1] ?? '').split(/[,/]/u));
  const base = topicWords(name.replace(/\([^)]*\)/gu, ' '));
  const phrases = [base, ...bracketed.map(topicWords)];
  const from = base.findIndex((word, index) => index > 0 && FROM_WORDS.has(word));
  if (from > 0) phrases.push(base.slice(0, from));
  for (const phrase of [...phrases]) {
    const first = phrase[0];
    const last = phrase[phrase.length - 1];
    if (phrase.length > 1 && first !== undefined && GENERIC_WORDS.has(first)) phrases.push(phrase.slice(1));
    if (phrase.length > 1 && last !== undefined && GENERIC_WORDS.has(last)) phrases.push(phrase.slice(0, -1));
  }
  return phrases.filter(meaningful);
}

function buildPhrases(): Phrase[] {
  const positions = new Map<string, Phrase>();
  for (const position of POSITIONS) {
    for (const name of Object.values(position.name)) {
      const words = topicWords(name);
      positions.set(words.join(' '), { words, position: position.id, techniques: [] });
    }
  }
  const techniques = new Map<string, { words: string[]; techniques: Technique[] }>();
  for (const technique of TECHNIQUES) {
    for (const name of Object.values(technique.name)) {
      for (const words of namePhrases(name)) {
        const key = words.join(' ');
        // A phrase that is a position's name names the position.
        if (positions.has(key)) continue;
        const entry = techniques.get(key);
        if (entry === undefined) techniques.set(key, { words, techniques: [technique] });
        else if (!entry.techniques.includes(technique)) entry.techniques.push(technique);
      }
    }
  }
  return [...positions.values(), ...techniques.values()];
}

const PHRASES: readonly Phrase[] = buildPhrases();

interface Found {
  readonly phrase: Phrase;
  readonly start: number;
}

function occurrences(words: readonly string[], phrase: Phrase): Found[] {
  const found: Found[] = [];
  for (let start = 0; start + phrase.words.length <= words.length; start++) {
    if (phrase.words.every((word, offset) => sameWord(words[start + offset] ?? '', word))) {
      found.push({ phrase, start });
    }
  }
  return found;
}

/** The positions and techniques a description names; empty lists when it names none. */
export function matchTopic(text: string | null | undefined): TopicMatch {
  const words = topicWords(text ?? '');
  // Most classes have no description: nothing to look up among the phrases then.
  const found = (words.length === 0 ? [] : PHRASES.flatMap((phrase) => occurrences(words, phrase))).sort(
    (a, b) =>
      b.phrase.words.length - a.phrase.words.length ||
      (a.phrase.position === undefined ? 1 : 0) - (b.phrase.position === undefined ? 1 : 0) ||
      b.phrase.words.join('').length - a.phrase.words.join('').length ||
      a.start - b.start,
  );
  const taken = new Array<boolean>(words.length).fill(false);
  const kept: Found[] = [];
  for (const match of found) {
    const span = Array.from({ length: match.phrase.words.length }, (_, offset) => match.start + offset);
    if (span.some((index) => taken[index] === true)) continue;
    for (const index of span) taken[index] = true;
    kept.push(match);
  }
  kept.sort((a, b) => a.start - b.start);
  const positions: PositionId[] = [];
  const techniques: Array<readonly Technique[]> = [];
  for (const { phrase } of kept) {
    if (phrase.position !== undefined) {
      if (!positions.includes(phrase.position)) positions.push(phrase.position);
    } else {
      techniques.push(phrase.techniques);
    }
  }
  const types = new Set<TechniqueType>();
  words.forEach((word, index) => {
    if (taken[index] === true) return;
    for (const [typeWord, kinds] of TYPE_WORDS) if (sameWord(word, typeWord)) for (const kind of kinds) types.add(kind);
  });
  return { positions, techniques, types: [...types] };
}

/** A position seen from one side with its candidate techniques, as the composer's themes are. */
export interface TopicTheme {
  readonly position: PositionId;
  readonly perspective: Perspective;
  readonly techniques: readonly Technique[];
  readonly score: number;
}

/** The themes a plan about the description may take, and the named techniques it must teach. */
export interface PlanTopic {
  readonly themes: readonly TopicTheme[];
  /** Named techniques the audience may use, in the order named, at most one a phrase. */
  readonly named: readonly Technique[];
}

/**
 * The positions a plan about `match` is built around: those named that the named techniques are done
 * from (the first named on a tie), else the positions of the techniques named most often.
 */
function focusPositions(match: TopicMatch): PositionId[] {
  const support = (position: PositionId) =>
    match.techniques.filter((group) => group.some((technique) => technique.position === position)).length;
  const pool =
    match.positions.length > 0 ? [...match.positions] : [...new Set(match.techniques.flat().map((t) => t.position))];
  const most = Math.max(...pool.map(support));
  const best = pool.filter((position) => support(position) === most);
  return match.positions.length > 0 ? best.slice(0, 1) : best;
}

function keyOf(position: PositionId, perspective: Perspective): string {
  return `${position}/${perspective}`;
}

/**
 * The themes at `positions` from the sides in `sides` (any side when empty): the composer's, and for a side
 * whose techniques were all taught recently, one of its allowed techniques, taught again rather than left out.
 */
function themesAt(
  positions: readonly PositionId[],
  sides: ReadonlySet<string>,
  allowed: readonly Technique[],
  themes: readonly TopicTheme[],
): TopicTheme[] {
  const fits = (position: PositionId, perspective: Perspective) =>
    positions.includes(position) && (sides.size === 0 || sides.has(keyOf(position, perspective)));
  const chosen = themes.filter((theme) => fits(theme.position, theme.perspective));
  const present = new Set(chosen.map((theme) => keyOf(theme.position, theme.perspective)));
  const groups = new Map<string, Technique[]>();
  for (const technique of allowed) {
    const key = keyOf(technique.position, technique.perspective);
    if (present.has(key) || !fits(technique.position, technique.perspective)) continue;
    const group = groups.get(key);
    if (group) group.push(technique);
    else groups.set(key, [technique]);
  }
  for (const techniques of groups.values()) {
    const first = techniques[0];
    if (first !== undefined)
      chosen.push({ position: first.position, perspective: first.perspective, techniques, score: 0 });
  }
  return chosen;
}

/**
 * What a plan makes of the topic, given the techniques its audience may use (`allowed`) and the composer's
 * themes (those not taught recently); null when the description names nothing the audience can train, and
 * the composer chooses as it would without a topic.
 *
 * Named techniques the audience may use are taught even when taught recently, and their position and side
 * are the plan's theme. A named technique the audience may not use is left out, and the plan is built around
 * its position and side all the same (any side of it when the audience may use nothing there). A position
 * named alone may be taught from either side.
 */
export function planTopic(
  description: string | null | undefined,
  allowed: readonly Technique[],
  themes: readonly TopicTheme[],
): PlanTopic | null {
  const match = matchTopic(description);
  if (match.positions.length === 0 && match.techniques.length === 0) return kindTopic(match.types, allowed, themes);
  const positions = focusPositions(match);
  const allowedIds = new Set(allowed.map((technique) => technique.id));
  const atFocus = match.techniques.map((group) => group.filter((technique) => positions.includes(technique.position)));
  const named: Technique[] = [];
  for (const group of atFocus) {
    const technique = group.find((candidate) => allowedIds.has(candidate.id));
    if (technique !== undefined && !named.includes(technique)) named.push(technique);
  }
  // The sides to teach from: the named techniques', else those of named techniques the audience may not use,
  // else those where the audience may use a technique of a named kind ("Mount escapes": mount, bottom).
  const ofNamedKind = allowed.filter(
    (technique) => positions.includes(technique.position) && match.types.includes(technique.type),
  );
  const sided = [named, atFocus.flat(), ofNamedKind].find((techniques) => techniques.length > 0) ?? [];
  const sides = new Set(sided.map((technique) => keyOf(technique.position, technique.perspective)));
  let chosen = themesAt(positions, sides, allowed, themes);
  if (chosen.length === 0 && sides.size > 0) chosen = themesAt(positions, new Set(), allowed, themes);
  if (chosen.length === 0) return null;
  return { themes: chosen, named };
}

/**
 * A description that names only a kind of technique ("Takedowns", "Guard passing", "Wywrotki"): the plan is
 * built around a side where the audience may use techniques of that kind, and teaches them. Null when it
 * names no kind, or none the audience may use.
 */
function kindTopic(
  types: readonly TechniqueType[],
  allowed: readonly Technique[],
  themes: readonly TopicTheme[],
): PlanTopic | null {
  const ofKind = allowed.filter((technique) => types.includes(technique.type));
  if (ofKind.length === 0) return null;
  const positions = [...new Set(ofKind.map((technique) => technique.position))];
  const sides = new Set(ofKind.map((technique) => keyOf(technique.position, technique.perspective)));
  const chosen = themesAt(positions, sides, allowed, themes);
  return chosen.length === 0 ? null : { themes: chosen, named: ofKind };
}

/** The named techniques a plan on `theme` teaches: those done from its position and side. */
export function namedIn(topic: PlanTopic | null, theme: TopicTheme, count: number): Technique[] {
  if (topic === null) return [];
  return topic.named
    .filter((technique) => technique.position === theme.position && technique.perspective === theme.perspective)
    .slice(0, count);
}
