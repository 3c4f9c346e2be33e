import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useAlertStore, type AlertTone } from './alert-store';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

const TONES: Record<AlertTone, { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300' },
  success: {
    icon: CircleCheck,
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-400',
  },
  error: { icon: CircleAlert, className: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-400' },
};

/**
 * The app's alert dialog, rendered once by the app: the first message of `useAlertStore` with one OK
 * button, which has the focus. OK or Escape closes it; the next queued message then shows, and after
 * the last one the focus goes back to where it was before the first.
 */
export function AlertDialogHost() {
  const { t } = useTranslation();
  const current = useAlertStore((state) => state.queue[0]);
  const dismiss = useAlertStore((state) => state.dismiss);
  /** Where the focus was when the first of the queued messages opened. */
  const focus = useReturnFocus();

  if (!current) return null;
  const tone = TONES[current.tone];
  const Icon = tone.icon;

  return (
    // One dialog per message, so that each is announced as it opens.
    <AlertDialog.Root
      key={current.id}
      open
      onOpenChange={(open) => {
        if (!open) dismiss(current.id);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-60 bg-black/50" />
        <AlertDialog.Content
          // The message is the dialog's name; there is nothing else to describe it.
          aria-describedby={undefined}
          // Radix then puts the focus on OK (its Cancel part, the one that closes without acting).
          onOpenAutoFocus={focus.remember}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Another message follows: it has taken the focus already.
            if (useAlertStore.getState().queue.length > 0) return;
            focus.restore(event);
          }}
          className="fixed top-1/2 left-1/2 z-60 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl sm:p-6 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start gap-3">
            <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', tone.className)}>
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <AlertDialog.Title className="min-w-0 pt-1.5 text-base font-medium break-words whitespace-pre-line">
              {current.message}
            </AlertDialog.Title>
          </div>
          <div className="flex justify-end">
            <AlertDialog.Cancel asChild>
              <Button className="w-full sm:w-auto sm:min-w-24">{t('common.ok')}</Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
