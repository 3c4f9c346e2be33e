import type { Ref, SelectHTMLAttributes } from 'react';
import { controlClass, useFieldControl, type ControlSize } from './field-control';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  /** The control's height; `md` by default. */
  size?: ControlSize;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select in the app's look (native, so that phones show their own picker). Inside a
 * `FormField` it takes the field's id and ARIA wiring, unless given its own.
 */
export function Select({ size = 'md', className, id, ...props }: SelectProps) {
  const aria = useFieldControl({ id, ...props });
  return <select {...props} {...aria} className={controlClass('select', size, className)} />;
}
