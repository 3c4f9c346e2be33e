import { LIMITS } from '@openmat/contract/auth';
import {
  BELTS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_NAMES,
  type Belt,
  type Experience,
  type Gender,
} from '@openmat/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { FormSection, isoDay } from './form-section';
import { ImperialHelper } from './imperial-helper';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import { CONTROL_CLASS } from './register-field';

/** The validated text inputs of a fighter profile. */
export type FighterTextField = 'fighterName' | 'birthdate' | 'maxWorkoutDuration' | 'height' | 'weight';

/** The choices of a fighter profile, made from lists. */
export interface FighterChoices {
  gender: Gender;
  beltColor: Belt;
  experience: Experience;
}

export interface FighterFieldsProps {
  /** The id prefix of the form's sections. */
  sectionId: string;
  fieldId: (field: FighterTextField | keyof FighterChoices | 'bmi') => string;
  /** Props of a validated input: id, value, change handler and ARIA wiring. */
  control: (field: FighterTextField, hasHint?: boolean) => Record<string, unknown>;
  message: (field: FighterTextField) => string | undefined;
  values: FighterChoices;
  choose: {
    gender: (gender: Gender) => void;
    beltColor: (belt: Belt) => void;
    experience: (experience: Experience) => void;
  };
  bmiValue: number | null;
  recalculateBmi: () => void;
  applyMeasurement: (field: 'height' | 'weight', value: number) => void;
  /** Shown first in the profile section (the profile screen shows the role there). */
  leading?: ReactNode;
}

/**
 * The fighter-profile and body-measurement sections that registration and the profile screen share:
 * name, birthdate, gender, belt, experience, sparring minutes, height and weight, the BMI read-only
 * and recomputed when height or weight loses focus, and the imperial helper.
 */
export function FighterFields({
  sectionId: id,
  fieldId,
  control,
  message,
  values,
  choose,
  bmiValue,
  recalculateBmi,
  applyMeasurement,
  leading,
}: FighterFieldsProps) {
  const { t, i18n } = useTranslation();
  const genders: RegisterChoice<Gender>[] = [
    { value: 'Male', label: t('register.gender.Male') },
    { value: 'Female', label: t('register.gender.Female') },
  ];
  const bmiFormat = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const today = new Date();
  const oldest = new Date(today);
  oldest.setFullYear(today.getFullYear() - LIMITS.ageYears.max - 1);

  return (
    <>
      <FormSection title={t('register.sections.profile')} id={`${id}-profile`}>
        {leading}
        <FormField
          id={fieldId('fighterName')}
          label={t('register.name')}
          hint={t('register.nameHint')}
          error={message('fighterName')}
        >
          <input {...control('fighterName', true)} type="text" autoComplete="name" maxLength={LIMITS.nameMax} />
        </FormField>
        <FormField id={fieldId('birthdate')} label={t('register.birthdate')} error={message('birthdate')}>
          <input {...control('birthdate')} type="date" autoComplete="bday" min={isoDay(oldest)} max={isoDay(today)} />
        </FormField>
        <RegisterChoiceGroup
          name={fieldId('gender')}
          legend={t('register.gender.legend')}
          options={genders}
          value={values.gender}
          onChange={choose.gender}
        />
        <FormField id={fieldId('beltColor')} label={t('register.belt.label')}>
          <select
            id={fieldId('beltColor')}
            name="beltColor"
            value={values.beltColor}
            onChange={(event) => {
              const belt = BELTS.find((name) => name === event.target.value);
              if (belt) choose.beltColor(belt);
            }}
            className={CONTROL_CLASS}
          >
            {BELTS.map((belt) => (
              <option key={belt} value={belt}>
                {t(`register.belt.${belt}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldId('experience')} label={t('register.experience.label')}>
          <select
            id={fieldId('experience')}
            name="experience"
            value={values.experience}
            onChange={(event) => {
              const level = EXPERIENCE_LEVELS.find((candidate) => String(candidate) === event.target.value);
              if (level !== undefined) choose.experience(level);
            }}
            className={CONTROL_CLASS}
          >
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`register.experience.${EXPERIENCE_NAMES[level]}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={fieldId('maxWorkoutDuration')}
          label={t('register.maxWorkoutDuration')}
          hint={t('register.maxWorkoutDurationHint')}
          error={message('maxWorkoutDuration')}
        >
          <input
            {...control('maxWorkoutDuration', true)}
            type="number"
            inputMode="numeric"
            min={LIMITS.workoutMinutes.min}
            max={LIMITS.workoutMinutes.max}
            step={1}
          />
        </FormField>
      </FormSection>

      <FormSection title={t('register.sections.body')} id={`${id}-body`}>
        <FormField id={fieldId('height')} label={t('register.height')} error={message('height')}>
          <input
            {...control('height')}
            type="number"
            inputMode="decimal"
            min={LIMITS.heightCm.min}
            max={LIMITS.heightCm.max}
            step="any"
            onBlur={recalculateBmi}
          />
        </FormField>
        <FormField id={fieldId('weight')} label={t('register.weight')} error={message('weight')}>
          <input
            {...control('weight')}
            type="number"
            inputMode="decimal"
            min={LIMITS.weightKg.min}
            max={LIMITS.weightKg.max}
            step="any"
            onBlur={recalculateBmi}
          />
        </FormField>
        <FormField id={fieldId('bmi')} label={t('register.bmi')} hint={t('register.bmiHint')}>
          <input
            id={fieldId('bmi')}
            name="bmi"
            type="text"
            readOnly
            value={bmiValue === null ? '–' : bmiFormat.format(bmiValue)}
            aria-describedby={`${fieldId('bmi')}-hint`}
            className={CONTROL_CLASS}
          />
        </FormField>
        <div className="md:col-span-2">
          <ImperialHelper
            onApplyHeight={(cm) => applyMeasurement('height', cm)}
            onApplyWeight={(kg) => applyMeasurement('weight', kg)}
          />
        </div>
      </FormSection>
    </>
  );
}
