import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTROL_CLASS, describeControl } from './register-field';
import {
  firstInvalidField,
  formBmi,
  VALIDATED_FIELDS,
  type FieldErrors,
  type ValidatedField,
} from './register-form-model';

/**
 * The state and behaviour that the registration form and the profile form share: the values, the
 * inline messages (cleared as their field is edited), the BMI recomputed on blur, the imperial
 * helper's measurements, and a submit that checks the fields, focuses the first one with a message,
 * and otherwise asks for confirmation before saving.
 */
export function useFighterForm<V extends { height: string; weight: string }>({
  initial,
  validate,
  pending,
  onEdit,
}: {
  initial: () => V;
  validate: (values: V) => FieldErrors;
  /** While saving, a second submit is ignored. */
  pending: boolean;
  /** Told of every edited field, after the change. */
  onEdit?: (field: keyof V) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [bmiValue, setBmiValue] = useState<number | null>(() => formBmi(values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const focusFirstError = useRef(false);
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;

  // After a refused submit, the focus goes to the first field with a message, once it is rendered.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = firstInvalidField(errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  });

  /** Keeps the edited values, clears the field's message and tells the form. */
  function commit(next: V, field: keyof V): V {
    setValues(next);
    const validated = VALIDATED_FIELDS.find((name) => name === field);
    if (validated && errors[validated]) setErrors(({ [validated]: _cleared, ...rest }) => rest);
    onEdit?.(field);
    return next;
  }

  function update<K extends keyof V>(field: K, value: V[K]): V {
    return commit({ ...values, [field]: value }, field);
  }

  /** Text typed into one of the validated inputs, all of which hold text. */
  const setText = (field: ValidatedField & keyof V, text: string): V => commit({ ...values, [field]: text }, field);

  const recalculateBmi = () => setBmiValue(formBmi(values));

  function applyMeasurement(field: 'height' | 'weight', value: number) {
    setBmiValue(formBmi(commit({ ...values, [field]: String(value) }, field)));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    recalculateBmi();
    const found = validate(values);
    setErrors(found);
    if (firstInvalidField(found)) {
      focusFirstError.current = true;
      return;
    }
    setConfirming(true);
  }

  function onConfirmOpenChange(open: boolean) {
    setConfirming(open);
    // The dialog has no trigger to return to: give the focus back to the submit button.
    if (!open) setTimeout(() => document.getElementById(fieldId('submit'))?.focus(), 0);
  }

  const message = (field: ValidatedField) =>
    errors[field]?.map(({ key, values: params }) => t(key, params ?? {})).join(' ');

  /** Props shared by the validated inputs: id, value, change handler and the ARIA wiring. */
  function control(field: ValidatedField & keyof V, hasHint = false) {
    const error = message(field);
    const { describedBy, invalid } = describeControl(fieldId(field), hasHint, error);
    return {
      id: fieldId(field),
      name: field,
      value: String(values[field]),
      onChange: (event: { target: { value: string } }) => setText(field, event.target.value),
      'aria-invalid': invalid,
      'aria-describedby': describedBy,
      required: true,
      className: CONTROL_CLASS,
    };
  }

  return {
    id,
    values,
    update,
    fieldId,
    bmiValue,
    recalculateBmi,
    applyMeasurement,
    onSubmit,
    confirming,
    onConfirmOpenChange,
    message,
    control,
  };
}
