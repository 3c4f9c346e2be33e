import type { Belt, Experience, Gender } from '@openmat/contract/enums';
import { useState } from 'react';
import {
  useValidatedForm,
  type FieldErrors,
  type TextControlProps,
  type ValidatedForm,
} from '@/components/forms/use-validated-form';
import { formBmi, liveFigureMessages, type ProfileFieldValues } from './register-form-model';

/** The validated text inputs of a fighter profile. */
export type FighterTextField = keyof ProfileFieldValues;

/** The choices of a fighter profile, made from lists. */
export interface FighterChoices {
  gender: Gender;
  beltColor: Belt;
  experience: Experience;
}

/** What every fighter form holds: the profile's text inputs and its choices. */
export type FighterValues = ProfileFieldValues & FighterChoices;

/** What `FighterFields` needs of the form it sits in. */
export interface FighterFieldsForm {
  /** The prefix of the form's ids. */
  id: string;
  fieldId: (field: string) => string;
  textControl: (field: FighterTextField) => TextControlProps;
  message: (field: FighterTextField) => string | undefined;
  values: FighterChoices;
  choose: <K extends keyof FighterChoices>(field: K, value: FighterChoices[K]) => void;
  bmiValue: number | null;
  recalculateBmi: () => void;
  /** Height or weight was left: the BMI is recomputed and the figure checked. */
  leaveFigure: (field: 'height' | 'weight') => void;
  applyMeasurement: (field: 'height' | 'weight', value: number) => void;
}

/**
 * The form that registration and the profile screen share, on `useValidatedForm`: its values and
 * inline messages, plus the BMI recomputed on blur and on submit, and the imperial helper's
 * measurements put into height and weight.
 */
export function useFighterForm<V extends FighterValues>({
  initial,
  fields,
  validate,
  pending,
  onEdit,
  onConfirm,
}: {
  initial: () => V;
  /** The checked fields, in page order. */
  fields: readonly (keyof V & string)[];
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** While saving, a second submit is ignored. */
  pending: boolean;
  /** Told of every edited field, after the change. */
  onEdit?: (field: keyof V) => void;
  onConfirm: (values: V) => void;
}): ValidatedForm<V> & { fighter: FighterFieldsForm } {
  const form = useValidatedForm<V>({
    initial,
    fields,
    validate,
    onConfirm,
    busy: pending,
    onEdit,
    onSubmitAttempt: (values) => setBmiValue(formBmi(values)),
    // Implausible heights and weights are refused as they are typed, not only on submit.
    liveCheck: (field, values, phase) =>
      field === 'height' || field === 'weight' ? liveFigureMessages(field, String(values[field]), phase) : undefined,
  });
  const [bmiValue, setBmiValue] = useState<number | null>(() => formBmi(form.values));
  const { values, change } = form;

  const fighter: FighterFieldsForm = {
    id: form.id,
    fieldId: form.fieldId,
    textControl: (field) => form.textControl(field),
    message: (field) => form.message(field),
    values,
    choose: (field, value) => void change({ ...values, [field]: value }, field),
    bmiValue,
    recalculateBmi: () => setBmiValue(formBmi(values)),
    leaveFigure: (field) => {
      setBmiValue(formBmi(values));
      form.leave(field);
    },
    applyMeasurement: (field, value) => setBmiValue(formBmi(change({ ...values, [field]: String(value) }, field))),
  };
  return { ...form, fighter };
}
