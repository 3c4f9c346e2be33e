import type { MutedSharer } from '@openmat/contract/videos';
import { BellRing } from 'lucide-react';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/failure';
import { useMutedSharers, useUnmuteSharer } from '../api/mute-sharer';
import { formatDate } from './video-format';

/** Unmutes a sharer and says how it went, in a toast either way. */
export function useUnmute() {
  const { t } = useTranslation();
  const unmute = useUnmuteSharer();
  return {
    isPending: unmute.isPending,
    unmute: (sharer: { userId: number; username: string }, onDone?: () => void) =>
      unmute.mutate(sharer.userId, {
        onSuccess: () => {
          showToast({ tone: 'success', title: t('videos.muted.unmuted', { name: sharer.username }) });
          onDone?.();
        },
        onError: (error) =>
          showToast({ tone: 'error', title: t('videos.muted.unmuteFailed'), description: errorText(error).body }),
      }),
  };
}

/**
 * Under the shared videos: the people the user muted, each with how many of their videos that hides and
 * an Unmute button. Nothing shows while nobody is muted. After an unmute the focus goes to the next
 * sharer's button, or to the page when none is left; after a mute from a card, to this list's heading.
 */
export function MutedSharers({
  focusWhenShown = false,
  onFocused,
}: {
  focusWhenShown?: boolean;
  onFocused?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { data, isError, refetch } = useMutedSharers();
  const { unmute, isPending } = useUnmute();
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = (data?.length ?? 0) > 0;

  // A sharer just muted from their card (which is gone with their videos): the focus comes here, where
  // they are listed now, rather than falling to the page.
  useLayoutEffect(() => {
    if (!focusWhenShown || !shown) return;
    heading.current?.focus();
    onFocused?.();
  }, [focusWhenShown, shown, data, onFocused]);

  if (isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
        {t('videos.muted.error')}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </p>
    );
  }
  if (!data || data.length === 0) return null;

  function focusAfter(index: number) {
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const next = buttons[index + 1] ?? buttons[index - 1];
    if (next) next.focus();
    else document.querySelector<HTMLElement>('main')?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {t('videos.muted.heading')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('videos.muted.lead')}</p>
      </div>
      <ul
        ref={list}
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {data.map((sharer: MutedSharer, index) => (
          <li key={sharer.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{sharer.username}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('videos.muted.hidden', { count: sharer.hiddenVideos })}
                {' · '}
                {t('videos.muted.since', { date: formatDate(sharer.mutedAt, i18n.language) })}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={isPending}
              onClick={() => unmute(sharer, () => focusAfter(index))}
              aria-label={t('videos.muted.unmuteLabel', { name: sharer.username })}
            >
              <BellRing className="h-4 w-4" aria-hidden />
              {t('videos.muted.unmute')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
