import { LIMITS } from '@openmat/contract/auth';
import { BELTS, EXPERIENCE_LEVELS, EXPERIENCE_NAMES, type Gender } from '@openmat/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isoDay } from '@/lib/iso-day';
import { FormSection } from './form-section';
import { ImperialHelper } from './imperial-helper';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import type { FighterFieldsForm } from './use-fighter-form';

/**
 * The fighter-profile and body-measurement sections that registration and the profile screen share:
 * name, birthdate, gender, belt, experience, sparring minutes, height and weight, the BMI read-only
 * and recomputed when height or weight loses focus, and the imperial helper.
 */
export function FighterFields({
  form,
  leading,
}: {
  form: FighterFieldsForm;
  /** Shown first in the profile section (the profile screen shows the role there). */
  leading?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { id, fieldId, textControl, message, values, choose } = form;
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
          <Input {...textControl('fighterName')} size="lg" type="text" autoComplete="name" maxLength={LIMITS.nameMax} />
        </FormField>
        <FormField id={fieldId('birthdate')} label={t('register.birthdate')} error={message('birthdate')}>
          <Input
            {...textControl('birthdate')}
            size="lg"
            type="date"
            autoComplete="bday"
            min={isoDay(oldest)}
            max={isoDay(today)}
          />
        </FormField>
        <RegisterChoiceGroup
          name={fieldId('gender')}
          legend={t('register.gender.legend')}
          options={genders}
          value={values.gender}
          onChange={(gender) => choose('gender', gender)}
        />
        <FormField id={fieldId('beltColor')} label={t('register.belt.label')}>
          <Select
            name="beltColor"
            size="lg"
            value={values.beltColor}
            onChange={(event) => {
              const belt = BELTS.find((name) => name === event.target.value);
              if (belt) choose('beltColor', belt);
            }}
          >
            {BELTS.map((belt) => (
              <option key={belt} value={belt}>
                {t(`register.belt.${belt}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={fieldId('experience')} label={t('register.experience.label')}>
          <Select
            name="experience"
            size="lg"
            value={values.experience}
            onChange={(event) => {
              const level = EXPERIENCE_LEVELS.find((candidate) => String(candidate) === event.target.value);
              if (level !== undefined) choose('experience', level);
            }}
          >
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`register.experience.${EXPERIENCE_NAMES[level]}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id={fieldId('maxWorkoutDuration')}
          label={t('register.maxWorkoutDuration')}
          hint={t('register.maxWorkoutDurationHint')}
          error={message('maxWorkoutDuration')}
        >
          <Input
            {...textControl('maxWorkoutDuration')}
            size="lg"
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
          <Input
            {...textControl('height')}
            size="lg"
            type="text"
            inputMode="decimal"
            onBlur={() => form.leaveFigure('height')}
          />
        </FormField>
        <FormField id={fieldId('weight')} label={t('register.weight')} error={message('weight')}>
          <Input
            {...textControl('weight')}
            size="lg"
            type="text"
            inputMode="decimal"
            onBlur={() => form.leaveFigure('weight')}
          />
        </FormField>
        <FormField id={fieldId('bmi')} label={t('register.bmi')} hint={t('register.bmiHint')}>
          <Input
            name="bmi"
            size="lg"
            type="text"
            readOnly
            value={form.bmiValue === null ? '–' : bmiFormat.format(form.bmiValue)}
          />
        </FormField>
        <div className="md:col-span-2">
          <ImperialHelper
            onApplyHeight={(cm) => form.applyMeasurement('height', cm)}
            onApplyWeight={(kg) => form.applyMeasurement('weight', kg)}
          />
        </div>
      </FormSection>
    </>
  );
}
