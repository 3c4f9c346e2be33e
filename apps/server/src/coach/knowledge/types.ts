/**
 * Types of the technique knowledge base that the lesson-plan composer and the technique search read.
 * Every text a student or instructor sees is given in English and Polish.
 */

import type { Language } from '@openmat/contract/languages';

/**
 * One text in every language. The knowledge base is content (technique names, descriptions, tips),
 * written in each language; it is not in the server's message catalog.
 */
export type LocalizedText = { readonly [L in Language]: string };

/** A list of texts in every language; the lists have the same length and order. */
export type LocalizedList = { readonly [L in Language]: readonly string[] };

/** The positions the curriculum is organised around. */
export const POSITION_IDS = [
  'standing',
  'closed-guard',
  'open-guard',
  'half-guard',
  'side-control',
  'mount',
  'back',
  'knee-on-belly',
  'turtle',
] as const;
export type PositionId = (typeof POSITION_IDS)[number];

/** Which side of the position the technique is done from. */
export const PERSPECTIVES = ['top', 'bottom', 'neutral'] as const;
export type Perspective = (typeof PERSPECTIVES)[number];

export const TECHNIQUE_TYPES = ['takedown', 'sweep', 'pass', 'escape', 'submission', 'control', 'transition'] as const;
export type TechniqueType = (typeof TECHNIQUE_TYPES)[number];

/** Technical level, lowest first. */
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

/** What the technique needs: a gi (lapel and sleeve grips), no gi, or either. */
export const ATTIRES = ['gi', 'nogi', 'both'] as const;
export type Attire = (typeof ATTIRES)[number];

/** Adult belt ranks, lowest first. */
export const BELT_RANKS = ['white', 'blue', 'purple', 'brown', 'black'] as const;
export type BeltRank = (typeof BELT_RANKS)[number];

/**
 * The fixed vocabulary of weaknesses. Video analysis reports areas for improvement with these tags, and
 * the plan composer favours techniques and drills tagged with the weaknesses of the students on the roster.
 */
export const WEAKNESS_TAGS = [
  'takedowns',
  'takedown-defense',
  'grip-fighting',
  'guard-retention',
  'sweeps',
  'passing',
  'top-control',
  'escapes-from-bottom',
  'back-defense',
  'submission-defense',
  'transitions',
  'finishing',
  'posture',
  'leg-locks',
  'scrambles',
] as const;
export type WeaknessTag = (typeof WEAKNESS_TAGS)[number];

/**
 * Families of techniques that the IBJJF restricts by age or belt. A technique that belongs to one of them
 * names it in `category`, and its restrictions must be at least as strict as the family's rule
 * (see `CATEGORY_RESTRICTIONS` in restrictions.ts).
 */
export const RESTRICTED_CATEGORIES = [
  'frontal-guillotine',
  'head-and-arm-choke',
  'ezekiel-choke',
  'omoplata',
  'triangle-outside-guard',
  'body-triangle',
  'straight-foot-lock',
  'wrist-lock',
  'leg-stretch',
  'bicep-slicer',
  'calf-slicer',
  'knee-bar',
  'toe-hold',
  'heel-hook',
  'flying-guard-pull',
] as const;
export type RestrictedCategory = (typeof RESTRICTED_CATEGORIES)[number];

/** Who may use a technique in competition-style training. */
export interface Restrictions {
  /** The lowest adult belt that may use it. */
  readonly minBelt: BeltRank;
  /** Whether children (under 16) may use it. */
  readonly kidsAllowed: boolean;
}

export const REFERENCE_KINDS = ['free', 'paid'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** A link to a real, reputable resource about a technique. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly title: string;
  readonly url: string;
  readonly description?: LocalizedText;
}

export interface Position {
  readonly id: PositionId;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
}

export interface Technique {
  /** Stable kebab-case id; plans and analyses refer to it. */
  readonly id: string;
  readonly name: LocalizedText;
  /** Two or three sentences: what it is and its key mechanics. */
  readonly description: LocalizedText;
  /** Two to four tips, the same number in each language. */
  readonly tips: LocalizedList;
  readonly position: PositionId;
  readonly perspective: Perspective;
  readonly type: TechniqueType;
  readonly level: Level;
  readonly attire: Attire;
  /** Set when the technique belongs to a family that the IBJJF restricts by age or belt. */
  readonly category?: RestrictedCategory;
  readonly restrictions: Restrictions;
  readonly weaknessTags: readonly WeaknessTag[];
  /** Ids of techniques that chain naturally from this one. */
  readonly leadsTo?: readonly string[];
  /** Zero to two links to free or paid resources. */
  readonly references: readonly Reference[];
}

export interface Drill {
  readonly id: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly focus: WeaknessTag;
  /** Between 3 and 10. */
  readonly minutes: number;
  readonly level: Level;
  readonly attire: Attire;
  /** Ids of the techniques the drill trains. */
  readonly techniqueIds?: readonly string[];
}

export interface WarmUp {
  readonly id: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly minutes: number;
  readonly kidsSuitable: boolean;
}

export interface SparringFormat {
  readonly id: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  /** Three to five guideline sentences; a plan joins them with semicolons, so none contains one. */
  readonly guidelines: LocalizedList;
  readonly roundMinutes: number;
  readonly rounds: number;
  readonly minLevel: Level;
  readonly maxLevel: Level;
  readonly kidsSuitable: boolean;
}

export interface CoolDown {
  readonly id: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly minutes: number;
}
