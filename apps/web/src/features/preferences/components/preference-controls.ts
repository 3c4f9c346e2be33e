import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { ThemePreference } from '../stores/preferences-store';

/** The icon of each theme preference, shown by the header's toggle and the footer's select. */
export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const satisfies Record<
  ThemePreference,
  LucideIcon
>;

/** The look of the native preference selects (language, theme), with room for an icon at the left. */
export const PREFERENCE_SELECT_CLASS =
  'h-9 cursor-pointer appearance-none rounded-md border border-zinc-300 bg-transparent pr-2 pl-7 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:[&>option]:bg-zinc-900';

/** Whether a select's value is one of its options. */
export function isOption<T extends string>(options: readonly T[], value: string): value is T {
  return options.some((option) => option === value);
}
