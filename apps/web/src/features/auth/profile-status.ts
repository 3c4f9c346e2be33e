import type { FighterInfo } from '@openmat/contract/auth';

/**
 * Whether a signed-in user still has a fighter profile to complete: they have none (a plain
 * account), or a figure is missing (external sign-in creates an instructor with an empty profile).
 */
export function needsProfile(fighterInfo: FighterInfo | null): boolean {
  if (!fighterInfo) return true;
  const { height, weight, gender, birthdate, beltColor, experience } = fighterInfo;
  return [height, weight, gender, birthdate, beltColor, experience].some((figure) => figure === null);
}
