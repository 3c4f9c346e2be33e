import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface RegisterChoice<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: LucideIcon;
}

/**
 * A segmented control built from native radio buttons: Tab reaches the group, the arrow keys move
 * the choice, and a screen reader hears a radio group named by the legend.
 */
export function RegisterChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  className,
}: {
  name: string;
  legend: string;
  options: RegisterChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
        {options.map((option) => {
          const Icon = option.icon;
          const optionId = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              className={cn(
                'flex min-h-11 cursor-pointer flex-col justify-center rounded-md px-3 py-2 text-sm text-zinc-600 transition-colors hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white',
                'has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-white',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="sr-only"
              />
              <span id={`${optionId}-label`} className="flex items-center gap-2 font-semibold">
                {Icon && <Icon className="h-4 w-4 shrink-0" aria-hidden />}
                {option.label}
              </span>
              {option.description && (
                <span id={`${optionId}-description`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  {option.description}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
