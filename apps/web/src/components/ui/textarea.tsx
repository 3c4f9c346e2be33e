import type { Ref, TextareaHTMLAttributes } from 'react';
import { controlClass, useFieldControl } from './field-control';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text input in the app's look; inside a `FormField` it takes the field's id and ARIA wiring. */
export function Textarea({ className, id, ...props }: TextareaProps) {
  const aria = useFieldControl({ id, ...props });
  return <textarea {...props} {...aria} className={controlClass('textarea', 'md', className)} />;
}
