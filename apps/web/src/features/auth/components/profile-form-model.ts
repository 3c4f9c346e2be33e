import type { Fighter } from '@openmat/contract/auth';
import type { Belt, Experience, Gender } from '@openmat/contract/enums';
import type { ProfileFieldValues } from './register-form-model';

/** What the profile form holds while it is being filled in: text inputs stay text until sent. */
export interface ProfileFormValues extends ProfileFieldValues {
  gender: Gender;
  experience: Experience;
  beltColor: Belt;
}

const text = (value: number | null) => (value === null ? '' : String(value));

/**
 * The form's starting values: what the profile already has (external sign-in fills in the name),
 * the register form's defaults for the choices (Male, less than 2 years, White, 5 minutes), and
 * empty height and weight.
 */
export function profileFormValues(fighter: Fighter | null): ProfileFormValues {
  return {
    fighterName: fighter?.fighterName ?? '',
    birthdate: fighter?.birthdate ?? '',
    height: text(fighter?.height ?? null),
    weight: text(fighter?.weight ?? null),
    maxWorkoutDuration: text(fighter?.maxWorkoutDuration ?? 5),
    gender: fighter?.gender ?? 'Male',
    experience: fighter?.experience ?? 0,
    beltColor: fighter?.beltColor ?? 'White',
  };
}
