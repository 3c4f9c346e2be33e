import * as Dialog from '@radix-ui/react-dialog';
import { Play, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The search dialog's video player is 400 px high. */
export const VIDEO_IFRAME_HEIGHT = 400;

export interface VideoPlayDialogProps {
  title: string;
  /** The embed address, already checked to be http(s). */
  embedLink: string;
}

/**
 * A Play button and the modal it opens, with the video's embedded player. The iframe exists only while
 * the modal is open, so nothing of the video service loads before the user asks for it.
 */
export function VideoPlayDialog({ title, embedLink }: VideoPlayDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button size="sm" aria-label={t('coach.search.playLabel', { title })}>
          <Play className="h-4 w-4" aria-hidden />
          {t('coach.search.play')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-xl sm:p-6 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('coach.search.closePlayer')}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <iframe
            src={embedLink}
            title={title}
            height={VIDEO_IFRAME_HEIGHT}
            className="w-full rounded-lg border-0 bg-black"
            style={{ height: VIDEO_IFRAME_HEIGHT }}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
