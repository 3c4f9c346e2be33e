import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** Saving: a spinner, the pending label if there is one, and no second press. */
  pending: boolean;
  pendingLabel?: ReactNode;
}

/** The submit button of a form, large, with its pending state. */
export function SubmitButton({ pending, pendingLabel, disabled, children, size = 'lg', ...props }: SubmitButtonProps) {
  return (
    <Button {...props} type="submit" size={size} disabled={pending || disabled}>
      {pending && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
