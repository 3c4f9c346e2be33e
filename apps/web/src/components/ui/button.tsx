import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { Slot } from '@radix-ui/react-slot';
import { useLayoutEffect, useRef, type ButtonHTMLAttributes, type Ref } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-600 dark:hover:bg-brand-700',
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  /** As tall as a large field (`Input size="lg"`), for a button in a row of them. */
  field: 'h-11 px-4 text-sm',
  icon: 'h-9 w-9',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button disabled while it has the focus (the action it started is under way) loses the focus to the
 * page, where the keyboard user is lost. When it is enabled again and nothing else took the focus
 * meanwhile, it takes the focus back (ADR 0033).
 */
function useFocusKeptThroughDisabled(disabled: boolean | undefined) {
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const element = button.current;
    if (!element) return;
    // Browsers move the focus off a disabled button later (at the next rendering), not at once.
    if (disabled) {
      hadFocus.current = document.activeElement === element;
      return;
    }
    if (!hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body || active === element) element.focus();
  }, [disabled]);
  return button;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ref,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  const kept = useFocusKeptThroughDisabled(props.disabled);
  const refs = useComposedRefs(ref, kept);
  return (
    <Component
      ref={refs}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
