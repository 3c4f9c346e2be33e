import type { FieldMessage } from '@/components/forms/use-validated-form';
import { parseDecimal } from '@/lib/parse-decimal';
import {
  ageOn,
  Email,
  IsoDate,
  LIMITS,
  passwordPolicyErrors,
  type RegisterFighterRequest,
  type UpdateFighterProfileRequest,
} from '@openmat/contract/auth';
import type { Belt, Experience, FighterRoleName, Gender } from '@openmat/contract/enums';
import { bmi } from '@openmat/contract/helpers/body-metrics';

/** What the register form holds while it is being filled in: text inputs stay text until sent. */
export interface RegisterFormValues {
  role: FighterRoleName;
  email: string;
  password: string;
  fighterName: string;
  height: string;
  weight: string;
  gender: Gender;
  birthdate: string;
  maxWorkoutDuration: string;
  experience: Experience;
  beltColor: Belt;
}

/** The fields that can carry an inline message, in the order they appear on the page. */
export const VALIDATED_FIELDS = [
  'email',
  'password',
  'fighterName',
  'birthdate',
  'height',
  'weight',
  'maxWorkoutDuration',
] as const;
export type ValidatedField = (typeof VALIDATED_FIELDS)[number];

export type FieldErrors = Partial<Record<ValidatedField, FieldMessage[]>>;

/** Spec section 9: role Instructor (or the role query parameter), height 0, weight 0, Male, 5 minutes, White. */
export function defaultRegisterValues(role: FighterRoleName): RegisterFormValues {
  return {
    role,
    email: '',
    password: '',
    fighterName: '',
    height: '0',
    weight: '0',
    gender: 'Male',
    birthdate: '',
    maxWorkoutDuration: '5',
    experience: 0,
    beltColor: 'White',
  };
}

/** `?role=` presets the role: Student or Instructor in any case; anything else, or nothing, is Instructor. */
export function roleFromQuery(value: string | null): FighterRoleName {
  return value?.trim().toLowerCase() === 'student' ? 'Student' : 'Instructor';
}

/** `?plan=premium` (any case) asks for the Instructor Premium note. */
export function isPremiumPlan(value: string | null): boolean {
  return value?.trim().toLowerCase() === 'premium';
}

/** BMI of the typed height and weight, or null while either is missing. */
export function formBmi(values: Pick<RegisterFormValues, 'height' | 'weight'>): number | null {
  return bmi(parseDecimal(values.weight), parseDecimal(values.height));
}

function rangeMessages(
  text: string,
  { min, max }: { min: number; max: number },
  keys: { required: string; range: string },
  wholeNumber = false,
): FieldMessage[] {
  const value = parseDecimal(text);
  if (!Number.isFinite(value) || value <= 0) return [{ key: keys.required }];
  if (value < min || value > max || (wholeNumber && !Number.isInteger(value))) {
    return [{ key: keys.range, values: { min, max } }];
  }
  return [];
}

function birthdateMessages(text: string, today: Date): FieldMessage[] {
  if (text.trim() === '') return [{ key: 'register.errors.birthdateRequired' }];
  if (!IsoDate.safeParse(text).success) return [{ key: 'register.errors.birthdateInvalid' }];
  const age = ageOn(text, today);
  if (age < LIMITS.ageYears.min || age > LIMITS.ageYears.max) {
    return [{ key: 'register.errors.birthdateRange', values: LIMITS.ageYears }];
  }
  return [];
}

/**
 * Height and weight checked as they are typed (issue 22): a figure that no further typing can make
 * plausible (above the maximum, below zero, or not a number) is refused at once; one below the minimum
 * when the field is left (while typing, "18" may still become "180"). Empty is left to the submit.
 */
export function liveFigureMessages(field: 'height' | 'weight', text: string, phase: 'typing' | 'left'): FieldMessage[] {
  const limits = field === 'height' ? LIMITS.heightCm : LIMITS.weightKg;
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const value = parseDecimal(trimmed);
  // A number cut short ("1,", "180.") is still being typed.
  const unfinished = /^\d+[.,]$/.test(trimmed) || trimmed === '-';
  const tooBig = Number.isFinite(value) && value > limits.max;
  const impossible = (!Number.isFinite(value) && !unfinished) || value < 0;
  const tooSmall = phase === 'left' && Number.isFinite(value) && value < limits.min;
  if (!(tooBig || impossible || tooSmall)) return [];
  return [{ key: `register.errors.${field}Range`, values: { min: limits.min, max: limits.max } }];
}

/** The fighter-profile fields of the form, shared with the profile screen. */
export type ProfileFieldValues = Pick<
  RegisterFormValues,
  'fighterName' | 'birthdate' | 'height' | 'weight' | 'maxWorkoutDuration'
>;

/** The fighter-profile fields that can carry an inline message, in page order (the profile screen's). */
export const PROFILE_FIELDS = [
  'fighterName',
  'birthdate',
  'height',
  'weight',
  'maxWorkoutDuration',
] as const satisfies readonly ValidatedField[];

/**
 * Checks the fighter-profile fields: name, birthdate, height, weight and sparring duration are
 * required, the figures within the limits the server applies.
 */
export function validateProfileFields(values: ProfileFieldValues, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: ValidatedField, messages: FieldMessage[]) => {
    if (messages.length > 0) errors[field] = messages;
  };

  const name = values.fighterName.trim();
  if (name === '') add('fighterName', [{ key: 'register.errors.nameRequired' }]);
  else if (name.length > LIMITS.nameMax)
    add('fighterName', [{ key: 'register.errors.nameTooLong', values: { max: LIMITS.nameMax } }]);

  add('birthdate', birthdateMessages(values.birthdate, today));
  add(
    'height',
    rangeMessages(values.height, LIMITS.heightCm, {
      required: 'register.errors.heightRequired',
      range: 'register.errors.heightRange',
    }),
  );
  add(
    'weight',
    rangeMessages(values.weight, LIMITS.weightKg, {
      required: 'register.errors.weightRequired',
      range: 'register.errors.weightRange',
    }),
  );
  add(
    'maxWorkoutDuration',
    rangeMessages(
      values.maxWorkoutDuration,
      LIMITS.workoutMinutes,
      { required: 'register.errors.durationRequired', range: 'register.errors.durationRange' },
      true,
    ),
  );
  return errors;
}

/**
 * Checks the form before the confirmation dialog opens. Required: name, height, weight, sparring
 * duration, e-mail, password and birthdate; the figures also within the limits the server applies.
 */
export function validateRegisterForm(values: RegisterFormValues, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: ValidatedField, messages: FieldMessage[]) => {
    if (messages.length > 0) errors[field] = messages;
  };

  if (values.email.trim() === '') add('email', [{ key: 'register.errors.emailRequired' }]);
  else if (!Email.safeParse(values.email).success) add('email', [{ key: 'register.errors.emailInvalid' }]);

  if (values.password === '') add('password', [{ key: 'register.errors.passwordRequired' }]);
  else {
    add(
      'password',
      passwordPolicyErrors(values.password).map((code) => ({
        key: `register.errors.password.${code}`,
        values: { min: LIMITS.passwordMin, max: LIMITS.passwordMax },
      })),
    );
  }
  return { ...errors, ...validateProfileFields(values, today) };
}

/** The first field with a message, in page order, for the focus to go to. */
export function firstInvalidField(errors: FieldErrors): ValidatedField | undefined {
  return VALIDATED_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * The fighter-profile fields of a request, numbers as numbers: shared by registration and by
 * `PUT /api/fighter/me`. Call it on validated values only.
 */
export function profileRequestFields(
  values: ProfileFieldValues & Pick<RegisterFormValues, 'gender' | 'experience' | 'beltColor'>,
): UpdateFighterProfileRequest {
  return {
    fighterName: values.fighterName.trim(),
    height: parseDecimal(values.height),
    weight: parseDecimal(values.weight),
    bmi: formBmi(values),
    gender: values.gender,
    birthdate: values.birthdate,
    maxWorkoutDuration: parseDecimal(values.maxWorkoutDuration),
    experience: values.experience,
    beltColor: values.beltColor,
  };
}

/** The body of `POST /api/fighter/register`, numbers as numbers. Call it on validated values only. */
export function registerPayload(values: RegisterFormValues): RegisterFighterRequest {
  return {
    email: values.email.trim(),
    password: values.password,
    fighterRole: values.role,
    ...profileRequestFields(values),
  };
}
