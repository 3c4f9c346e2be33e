import type { InputHTMLAttributes, Ref } from 'react';
import { controlClass, useFieldControl, type ControlSize } from './field-control';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** The control's height; `md` by default. */
  size?: ControlSize;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text, number, date or password input in the app's look. Inside a `FormField` it takes the
 * field's id, `aria-describedby` (hint and message) and `aria-invalid`, unless given its own.
 */
export function Input({ size = 'md', className, id, ...props }: InputProps) {
  const aria = useFieldControl({ id, ...props });
  return <input {...props} {...aria} className={controlClass('input', size, className)} />;
}
