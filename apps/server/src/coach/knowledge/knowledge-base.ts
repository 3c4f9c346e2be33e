/**
 * The technique knowledge base of the coach: positions, techniques, drills, warm-ups, sparring formats and
 * cool-downs, written in English and Polish, with small pure lookups for the lesson-plan composer and the
 * technique search. The data lives in one file per kind (techniques in one file per position); restrictions
 * by belt and age follow the IBJJF table of illegal techniques in spirit (see restrictions.ts).
 */
import { COOL_DOWNS } from './cool-downs.js';
import { DRILLS } from './drills.js';
import { POSITIONS } from './positions.js';
import { allowedFor, type Audience } from './restrictions.js';
import { SPARRING_FORMATS } from './sparring-formats.js';
import { TECHNIQUES } from './techniques.js';
import {
  LEVELS,
  type Attire,
  type CoolDown,
  type Drill,
  type Level,
  type Perspective,
  type Position,
  type PositionId,
  type SparringFormat,
  type Technique,
  type TechniqueType,
  type WarmUp,
  type WeaknessTag,
} from './types.js';
import { WARM_UPS } from './warm-ups.js';

export { COOL_DOWNS, DRILLS, POSITIONS, SPARRING_FORMATS, TECHNIQUES, WARM_UPS };
export { CATEGORY_RESTRICTIONS, allowedFor, beltAtLeast, type Audience } from './restrictions.js';

const techniqueIndex: ReadonlyMap<string, Technique> = new Map(
  TECHNIQUES.map((technique) => [technique.id, technique]),
);
const positionIndex: ReadonlyMap<string, Position> = new Map(POSITIONS.map((position) => [position.id, position]));
const drillIndex: ReadonlyMap<string, Drill> = new Map(DRILLS.map((drill) => [drill.id, drill]));
const warmUpIndex: ReadonlyMap<string, WarmUp> = new Map(WARM_UPS.map((warmUp) => [warmUp.id, warmUp]));
const sparringFormatIndex: ReadonlyMap<string, SparringFormat> = new Map(
  SPARRING_FORMATS.map((format) => [format.id, format]),
);
const coolDownIndex: ReadonlyMap<string, CoolDown> = new Map(COOL_DOWNS.map((coolDown) => [coolDown.id, coolDown]));

export function techniqueById(id: string): Technique | undefined {
  return techniqueIndex.get(id);
}

export function positionById(id: string): Position | undefined {
  return positionIndex.get(id);
}

export function drillById(id: string): Drill | undefined {
  return drillIndex.get(id);
}

export function warmUpById(id: string): WarmUp | undefined {
  return warmUpIndex.get(id);
}

export function sparringFormatById(id: string): SparringFormat | undefined {
  return sparringFormatIndex.get(id);
}

export function coolDownById(id: string): CoolDown | undefined {
  return coolDownIndex.get(id);
}

/**
 * Whether something made for `itemAttire` can be trained in a class of `classAttire`. A gi class can use
 * gi and both; a no-gi class no-gi and both; a mixed class ('both') only what works either way.
 */
export function attireFits(itemAttire: Attire, classAttire: Attire): boolean {
  return itemAttire === 'both' || itemAttire === classAttire;
}

function levelIndex(level: Level): number {
  return LEVELS.indexOf(level);
}

function levelFits(itemLevel: Level, query: { readonly level?: Level; readonly maxLevel?: Level }): boolean {
  if (query.level !== undefined && itemLevel !== query.level) return false;
  if (query.maxLevel !== undefined && levelIndex(itemLevel) > levelIndex(query.maxLevel)) return false;
  return true;
}

/** What a lesson needs; every field narrows the result, and an absent field does not. */
export interface TechniqueQuery extends Audience {
  readonly position?: PositionId;
  /** Exactly this level. */
  readonly level?: Level;
  /** This level or a lower one. */
  readonly maxLevel?: Level;
  /** The attire of the class (see `attireFits`). */
  readonly attire?: Attire;
  readonly type?: TechniqueType;
  readonly perspective?: Perspective;
  readonly weakness?: WeaknessTag;
}

/**
 * Techniques that fit the query, in knowledge-base order. With `kids` or `belt` set, techniques those
 * students may not use (see restrictions.ts) are left out.
 */
export function techniquesFor(query: TechniqueQuery = {}): readonly Technique[] {
  return TECHNIQUES.filter(
    (technique) =>
      (query.position === undefined || technique.position === query.position) &&
      levelFits(technique.level, query) &&
      (query.attire === undefined || attireFits(technique.attire, query.attire)) &&
      (query.type === undefined || technique.type === query.type) &&
      (query.perspective === undefined || technique.perspective === query.perspective) &&
      (query.weakness === undefined || technique.weaknessTags.includes(query.weakness)) &&
      allowedFor(technique.restrictions, query),
  );
}

export interface DrillQuery extends Audience {
  readonly focus?: WeaknessTag;
  readonly level?: Level;
  readonly maxLevel?: Level;
  readonly attire?: Attire;
  /** Only drills that train this technique. */
  readonly techniqueId?: string;
  readonly maxMinutes?: number;
}

/** Whether every technique a drill trains is one the audience may use. */
function drillAllowedFor(drill: Drill, audience: Audience): boolean {
  return (drill.techniqueIds ?? []).every((id) => {
    const technique = techniqueIndex.get(id);
    return technique !== undefined && allowedFor(technique.restrictions, audience);
  });
}

/** Drills that fit the query; with `kids` or `belt`, drills of techniques they may not use are left out. */
export function drillsFor(query: DrillQuery = {}): readonly Drill[] {
  return DRILLS.filter(
    (drill) =>
      (query.focus === undefined || drill.focus === query.focus) &&
      levelFits(drill.level, query) &&
      (query.attire === undefined || attireFits(drill.attire, query.attire)) &&
      (query.techniqueId === undefined || (drill.techniqueIds ?? []).includes(query.techniqueId)) &&
      (query.maxMinutes === undefined || drill.minutes <= query.maxMinutes) &&
      drillAllowedFor(drill, query),
  );
}

export function warmUpsFor(query: { readonly kids?: boolean; readonly maxMinutes?: number } = {}): readonly WarmUp[] {
  return WARM_UPS.filter(
    (warmUp) =>
      (query.kids !== true || warmUp.kidsSuitable) &&
      (query.maxMinutes === undefined || warmUp.minutes <= query.maxMinutes),
  );
}

/** Sparring formats whose level range holds `level`; with `kids`, only those suitable for children. */
export function sparringFormatsFor(
  query: { readonly level?: Level; readonly kids?: boolean } = {},
): readonly SparringFormat[] {
  const { level } = query;
  return SPARRING_FORMATS.filter(
    (format) =>
      (query.kids !== true || format.kidsSuitable) &&
      (level === undefined ||
        (levelIndex(format.minLevel) <= levelIndex(level) && levelIndex(level) <= levelIndex(format.maxLevel))),
  );
}

export function coolDownsFor(query: { readonly maxMinutes?: number } = {}): readonly CoolDown[] {
  return COOL_DOWNS.filter((coolDown) => query.maxMinutes === undefined || coolDown.minutes <= query.maxMinutes);
}
