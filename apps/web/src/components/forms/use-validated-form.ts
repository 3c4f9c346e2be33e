import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterRender } from './use-focus-after-render';

/** An inline message: a translation key and its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, number>;
}

/** The messages of the checked fields: one each, or several read one after the other. */
export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage | readonly FieldMessage[]>>;

/** What a text input of the form takes: its name, value, change handler, and that it is required. */
export interface TextControlProps {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  required: boolean;
}

/** Props for a `ConfirmDialog`: open while asking, the answer, and the focus back on the submit button. */
export interface ConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export interface ValidatedFormOptions<V extends object> {
  initial: V | (() => V);
  /** The checked fields, in the order they appear on the page: the focus goes to the first with a message. */
  fields: readonly (keyof V & string)[];
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** Called with the values once the user has confirmed them. */
  onConfirm: (values: V) => void;
  /** While true (saving, or another call running) a submit is ignored. */
  busy?: boolean;
  /** Told of every edited field, after the change. */
  onEdit?: (field: keyof V) => void;
  /** Runs on every submit, before the check. */
  onSubmitAttempt?: (values: V) => void;
  /**
   * Fields checked as they are typed and when they are left, besides on submit: the messages for the
   * field now, or undefined for a field that is checked on submit only.
   */
  liveCheck?: (field: keyof V & string, values: V, phase: 'typing' | 'left') => FieldMessage[] | undefined;
}

/**
 * The one way a form is sent: a submit checks the fields; when some have messages, they are shown
 * inline and the focus goes to the first of them; otherwise a confirmation dialog asks, and only a
 * confirmed submit calls `onConfirm`. Closing the dialog gives the focus back to the submit button.
 * Editing a field takes its message away.
 *
 * Put `formProps` on the `<form>`, `submitId` on its submit button, `confirm` on the `ConfirmDialog`,
 * and each checked field in a `FormField` with `id={fieldId(field)}` and `error={message(field)}`.
 */
export function useValidatedForm<V extends object>({
  initial,
  fields,
  validate,
  onConfirm,
  busy = false,
  onEdit,
  onSubmitAttempt,
  liveCheck,
}: ValidatedFormOptions<V>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [confirming, setConfirming] = useState(false);
  const focusAfterRender = useFocusAfterRender();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const submitId = fieldId('submit');
  const firstInvalid = (found: FieldErrors<keyof V & string>) => fields.find((field) => found[field] !== undefined);

  /** Shows the live check's messages for a field (or takes its message away when it has none). */
  function check(field: keyof V & string, next: V, phase: 'typing' | 'left'): boolean {
    const found = liveCheck?.(field, next, phase);
    if (found === undefined) return false;
    setErrors((previous) => {
      const rest = { ...previous };
      if (found.length > 0) rest[field] = found;
      else delete rest[field];
      return rest;
    });
    return true;
  }

  /** Keeps the edited values, takes the field's message away and tells `onEdit`. Returns the values. */
  function change(next: V, field: keyof V): V {
    setValues(next);
    const checked = fields.find((name) => name === field);
    if (checked && check(checked, next, 'typing')) {
      onEdit?.(field);
      return next;
    }
    if (checked && errors[checked] !== undefined) {
      setErrors((previous) => {
        const rest = { ...previous };
        delete rest[checked];
        return rest;
      });
    }
    onEdit?.(field);
    return next;
  }

  function update<K extends keyof V>(field: K, value: V[K]): V {
    return change({ ...values, [field]: value }, field);
  }

  /** Props of a text input that holds the field's value (the field must hold text). */
  function textControl(field: keyof V & string): TextControlProps {
    return {
      name: field,
      value: String(values[field]),
      onChange: (event) => change({ ...values, [field]: event.target.value }, field),
      required: true,
    };
  }

  /** The field was left: its live check runs with what it holds. */
  function leave(field: keyof V & string): void {
    check(field, values, 'left');
  }

  /** The field's messages in the UI language, or undefined when it has none. */
  function message(field: keyof V & string): string | undefined {
    const found = errors[field];
    if (found === undefined) return undefined;
    const list: readonly FieldMessage[] = 'key' in found ? [found] : found;
    return list.map(({ key, values: params }) => t(key, params ?? {})).join(' ');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onSubmitAttempt?.(values);
    const found = validate(values);
    setErrors(found);
    const first = firstInvalid(found);
    if (first) {
      // The focus goes to the first field with a message, once it is rendered.
      focusAfterRender(fieldId(first));
      return;
    }
    setConfirming(true);
  }

  function onConfirmOpenChange(open: boolean) {
    setConfirming(open);
    // The dialog has no trigger to return to: give the focus back to the submit button.
    if (!open) setTimeout(() => document.getElementById(submitId)?.focus(), 0);
  }

  const confirm: ConfirmProps = {
    open: confirming,
    onOpenChange: onConfirmOpenChange,
    onConfirm: () => onConfirm(values),
  };

  return {
    /** The prefix of every id in the form. */
    id,
    fieldId,
    submitId,
    values,
    change,
    update,
    leave,
    textControl,
    message,
    formProps: { noValidate: true, onSubmit },
    confirm,
  };
}

export type ValidatedForm<V extends object> = ReturnType<typeof useValidatedForm<V>>;
