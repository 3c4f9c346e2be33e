import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The close button's accessible name, in the caller's words. */
  closeLabel: string;
  /** The widest the dialog gets; `max-w-lg` by default. */
  widthClass?: string;
  children: ReactNode;
}

/** A modal: a header with its title, description and close button, then a scrolling body. */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  widthClass = 'max-w-lg',
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-xl sm:max-h-[calc(100dvh-4rem)] dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
            widthClass,
          )}
        >
          <header className="flex items-start justify-between gap-3 border-b border-zinc-200 px-4 py-4 sm:px-6 dark:border-zinc-800">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold break-words">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                {description}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
