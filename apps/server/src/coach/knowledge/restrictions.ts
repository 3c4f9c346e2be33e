import { BELT_RANKS, type Attire, type BeltRank, type RestrictedCategory, type Restrictions } from './types.js';

/** The rule for one restricted family; `nogiOnly` families are never trained in the gi. */
export interface CategoryRule extends Restrictions {
  readonly nogiOnly: boolean;
}

/**
 * Who may use each restricted family in competition-style training.
 *
 * This follows, in spirit, the IBJJF table of illegal techniques by belt and age (the "Technical Fouls –
 * Illegal Moves" table of the IBJJF rule book), read conservatively for an academy:
 * - "kids" are everyone under 16, so a family that is illegal in any IBJJF kids' age group (4–12 or 13–15)
 *   is not allowed for kids at all: frontal guillotines, head-and-arm chokes, the Ezekiel, the omoplata,
 *   triangles outside the guard, body triangles, straight foot locks, wrist locks and leg stretches;
 * - wrist locks and jumping to closed guard start at blue belt;
 * - bicep and calf slicers, knee bars and toe holds start at brown belt;
 * - heel hooks start at brown belt and only without the gi (they are illegal in every gi division);
 * - submissions that stretch the legs apart are kept for brown belts, stricter than the table, because
 *   they are rarely drilled with supervision below that.
 * Families that the table forbids to everyone (slams, spinal locks without a choke, neck cranks, scissor
 * takedowns, knee reaping in the gi) are deliberately absent from the knowledge base.
 */
export const CATEGORY_RESTRICTIONS: Readonly<Record<RestrictedCategory, CategoryRule>> = {
  'frontal-guillotine': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'head-and-arm-choke': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'ezekiel-choke': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  omoplata: { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'triangle-outside-guard': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'body-triangle': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'straight-foot-lock': { minBelt: 'white', kidsAllowed: false, nogiOnly: false },
  'wrist-lock': { minBelt: 'blue', kidsAllowed: false, nogiOnly: false },
  'leg-stretch': { minBelt: 'brown', kidsAllowed: false, nogiOnly: false },
  'bicep-slicer': { minBelt: 'brown', kidsAllowed: false, nogiOnly: false },
  'calf-slicer': { minBelt: 'brown', kidsAllowed: false, nogiOnly: false },
  'knee-bar': { minBelt: 'brown', kidsAllowed: false, nogiOnly: false },
  'toe-hold': { minBelt: 'brown', kidsAllowed: false, nogiOnly: false },
  'heel-hook': { minBelt: 'brown', kidsAllowed: false, nogiOnly: true },
  'flying-guard-pull': { minBelt: 'blue', kidsAllowed: false, nogiOnly: false },
};

/** The restrictions of a technique that nobody restricts: every belt, kids included. */
export const OPEN_TO_ALL: Restrictions = { minBelt: 'white', kidsAllowed: true };

/** 0 for white up to 4 for black. */
export function beltIndex(belt: BeltRank): number {
  return BELT_RANKS.indexOf(belt);
}

/** Whether `belt` is `min` or higher. */
export function beltAtLeast(belt: BeltRank, min: BeltRank): boolean {
  return beltIndex(belt) >= beltIndex(min);
}

/** Who is training: an adult belt, children, or both in one class (then the strictest rule applies). */
export interface Audience {
  readonly belt?: BeltRank;
  readonly kids?: boolean;
}

/** Whether the restrictions let this audience use the technique. */
export function allowedFor(restrictions: Restrictions, audience: Audience): boolean {
  if (audience.kids === true && !restrictions.kidsAllowed) return false;
  if (audience.belt !== undefined && !beltAtLeast(audience.belt, restrictions.minBelt)) return false;
  return true;
}

/** Whether restrictions are at least as strict as a family's rule, attire included. */
export function satisfiesRule(restrictions: Restrictions, attire: Attire, rule: CategoryRule): boolean {
  if (rule.nogiOnly && attire !== 'nogi') return false;
  if (rule.kidsAllowed === false && restrictions.kidsAllowed) return false;
  return beltAtLeast(restrictions.minBelt, rule.minBelt);
}
