/**
 * The analysis in its reader's language. The local analyser decides from numbers (the position
 * timeline, what it saw of the athletes, the length of the roll) and writes its findings in the language
 * of whoever asked for them; those words are kept, with the coach's corrections, as stored text. At read
 * time the same decisions are written again in the reader's language: every text the analyser wrote and
 * nobody changed is read in that language, while whatever a coach typed stays as typed. A correction
 * sent in the reader's language is turned back into the stored language first, so that an untouched
 * item stays the analyser's (and is read in any language) after a coach in another language saves.
 *
 * The rendering goes through the findings' own writer, so it never says what the analyser did not: when
 * the stored words are not what the writer makes of the decisions (a vision model's text, an older
 * analyser's wording), nothing is rewritten.
 */
import type { AnalysisPatch, AnalysisResult } from '@openmat/contract/analysis';
import type { Language } from '@openmat/contract/languages';
import { buildFindings, type FindingsInput } from '../analysis/findings.js';
import { colourNamed } from '../analysis/identify.js';
import type { VideoRecord } from '../repositories/video.repository.js';
import { analysisKnowledge } from './analysis-knowledge.js';
import { readStoredResult } from './analysed-footage.js';

/** What the stored result does not keep of its decisions: the video's, and the analyser's setting. */
export interface ReadingContext {
  durationSeconds: number;
  framesPerSecond: number;
  studentIdentifier: string;
  /**
   * The analyser's own position timeline, which its words were written from; the stored one may be a
   * coach's correction. Absent: the stored one.
   */
  analyzerTimeline?: AnalysisResult['positionTimeline'];
}

/**
 * What reading `video`'s stored result needs besides it: the video's length and identifier, the sampling
 * rate, and the analyser's own timeline (its words were written from that, not from a coach's corrected
 * ribbon).
 */
export function readingContextOf(video: VideoRecord, framesPerSecond: number): ReadingContext {
  const analyzer = video.analysis.analyzerResult === null ? null : readStoredResult(video.analysis.analyzerResult);
  const timeline = analyzer?.positionTimeline;
  return {
    durationSeconds: video.durationSeconds ?? 0,
    framesPerSecond,
    studentIdentifier: video.studentIdentifier,
    ...(timeline === undefined ? {} : { analyzerTimeline: timeline }),
  };
}

/** The decisions the stored result was written from, without a language. */
function decisionsOf(stored: AnalysisResult, context: ReadingContext): Omit<FindingsInput, 'language'> | null {
  if (!stored.athletes || !stored.analyzer) return null;
  const named = colourNamed(context.studentIdentifier);
  return {
    timeline: context.analyzerTimeline ?? stored.positionTimeline ?? [],
    durationSeconds: context.durationSeconds,
    framesPerSecond: context.framesPerSecond,
    athletes: {
      found: stored.athletes.found,
      identification: stored.athletes.studentIdentified
        ? 'identified'
        : !named
          ? 'no-colour'
          : stored.athletes.clothesSeen === false
            ? 'unseen'
            : 'ambiguous',
      colour: named?.name ?? null,
    },
    analyzer: stored.analyzer,
  };
}

/** Each text of one rendering paired with the same text of another (keywords as a whole list). */
type Dictionary = Map<string, string>;

function texts(result: AnalysisResult): string[] {
  return [
    result.overallDescription,
    result.athletes?.note ?? '',
    ...result.techniques.flatMap((t) => [t.name, t.description, t.positionalScenario.name]),
    ...result.drills.flatMap((d) => [d.name, d.description, d.duration, d.relatedTechniqueName]),
    ...result.strengths.map((s) => s.description),
    ...result.areasForImprovement.flatMap((a) => [a.description, keywordsKey(a.keywords)]),
  ];
}

const keywordsKey = (keywords: readonly string[]) => `\u0000${keywords.join('\u0000')}`;

function dictionary(from: AnalysisResult, to: AnalysisResult): Dictionary {
  const source = texts(from);
  const target = texts(to);
  const pairs = new Map<string, string>();
  if (source.length !== target.length) return pairs;
  for (const [index, text] of source.entries()) {
    const other = target[index];
    if (text !== '' && other !== undefined && !pairs.has(text)) pairs.set(text, other);
  }
  return pairs;
}

/** The two dictionaries between the language the result was written in and the reader's; null when none applies. */
function dictionaries(stored: AnalysisResult, reader: Language, context: ReadingContext) {
  const written = stored.language;
  if (!written || written === reader) return null;
  const decisions = decisionsOf(stored, context);
  if (!decisions) return null;
  const original = buildFindings({ ...decisions, language: written }, analysisKnowledge);
  const rendered = buildFindings({ ...decisions, language: reader }, analysisKnowledge);
  return { toReader: dictionary(original, rendered), toStored: dictionary(rendered, original) };
}

/** The texts of a result or a correction's lists, whatever else their items carry. */
interface Texts {
  overallDescription?: string;
  techniques?: Array<{ name: string; description: string; positionalScenario: { id: number | null; name: string } }>;
  drills?: Array<{ name: string; description: string; duration: string; relatedTechniqueName: string }>;
  strengths?: Array<{ description: string }>;
  areasForImprovement?: Array<{ description: string; keywords: string[] }>;
}

/** Every text of the lists that the dictionary knows, replaced; the rest as it was. */
function rewrite<T extends Texts>(value: T, words: Dictionary): T {
  const say = (text: string) => words.get(text) ?? text;
  const keywords = (list: string[]) => {
    const found = words.get(keywordsKey(list));
    return found === undefined ? list : found.split('\u0000').slice(1);
  };
  return {
    ...value,
    ...(value.overallDescription === undefined ? {} : { overallDescription: say(value.overallDescription) }),
    ...(value.techniques && {
      techniques: value.techniques.map((t) => ({
        ...t,
        name: say(t.name),
        description: say(t.description),
        positionalScenario: { ...t.positionalScenario, name: say(t.positionalScenario.name) },
      })),
    }),
    ...(value.drills && {
      drills: value.drills.map((d) => ({
        ...d,
        name: say(d.name),
        description: say(d.description),
        duration: say(d.duration),
        relatedTechniqueName: say(d.relatedTechniqueName),
      })),
    }),
    ...(value.strengths && { strengths: value.strengths.map((s) => ({ ...s, description: say(s.description) })) }),
    ...(value.areasForImprovement && {
      areasForImprovement: value.areasForImprovement.map((a) => ({
        ...a,
        description: say(a.description),
        keywords: keywords(a.keywords),
      })),
    }),
  };
}

/** The stored result as `reader` reads it: the analyser's untouched words in their language. */
export function inReaderLanguage(stored: AnalysisResult, reader: Language, context: ReadingContext): AnalysisResult {
  const words = dictionaries(stored, reader, context);
  if (!words) return stored;
  const read = rewrite(stored, words.toReader);
  return {
    ...read,
    ...(stored.athletes && {
      athletes: { ...stored.athletes, note: words.toReader.get(stored.athletes.note) ?? stored.athletes.note },
    }),
    language: reader,
  };
}

/**
 * `video`'s stored result as JSON text in `reader`'s language; text that reads as no result is given as it
 * is. The analyser's own result is read only when the languages differ: a list of videos mostly needs none.
 */
export function storedInReaderLanguage(video: VideoRecord, reader: Language, framesPerSecond: number): string | null {
  const json = video.aiAnalysisResult;
  if (json === null) return null;
  const stored = readStoredResult(json);
  if (!stored?.language || stored.language === reader) return json;
  const read = inReaderLanguage(stored, reader, readingContextOf(video, framesPerSecond));
  return read === stored ? json : JSON.stringify(read);
}

/** A correction sent by `reader`, in the stored result's language where it repeats the analyser's words. */
export function inStoredLanguage(
  patch: AnalysisPatch,
  stored: AnalysisResult,
  reader: Language,
  context: ReadingContext,
): AnalysisPatch {
  const words = dictionaries(stored, reader, context);
  return words ? rewrite(patch, words.toStored) : patch;
}
