import { RANK_BELTS, type RankBelt } from '@openmat/contract/members';
import { z } from 'zod';

/** The academy's minimums to leave a belt for the next one: days at the belt and classes since the last promotion. */
export interface PromotionRule {
  minDays: number | null;
  minClasses: number | null;
}
export type PromotionRules = Readonly<Partial<Record<RankBelt, PromotionRule>>>;

/**
 * The defaults (docs/decisions/0029-promotion-readiness.md): the IBJJF minimum times at the adult belts
 * (blue 2 years, purple 1.5 years, brown 1 year). White and the kids' belts have no IBJJF minimum time
 * and black belt degrees are out of scope, so they have no rule: nobody at them is listed as ready
 * until `PROMOTION_RULES` gives one.
 */
export const DEFAULT_PROMOTION_RULES: PromotionRules = {
  Blue: { minDays: 730, minClasses: null },
  Purple: { minDays: 548, minClasses: null },
  Brown: { minDays: 365, minClasses: null },
};

const count = z.number().int().min(0).max(100_000);
const Rule = z.strictObject({ minDays: count.nullish(), minClasses: count.nullish() });

/**
 * `PROMOTION_RULES`: JSON such as `{"White":{"minDays":365,"minClasses":100},"Blue":{"minClasses":150}}`.
 * A belt it names replaces that belt's default; the others keep theirs.
 */
export const PromotionRulesJson = z
  .string()
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(RANK_BELTS), Rule))
  .transform((rules): PromotionRules => ({
    ...DEFAULT_PROMOTION_RULES,
    ...Object.fromEntries(
      Object.entries(rules).map(([belt, rule]) => [
        belt,
        { minDays: rule?.minDays ?? null, minClasses: rule?.minClasses ?? null },
      ]),
    ),
  }));

/** The rule for a belt; null when the academy has no minimum for it. */
export function ruleFor(rules: PromotionRules, belt: RankBelt | null): PromotionRule | null {
  if (belt === null) return rules.White ?? null;
  const rule = rules[belt];
  return rule && (rule.minDays !== null || rule.minClasses !== null) ? rule : null;
}
