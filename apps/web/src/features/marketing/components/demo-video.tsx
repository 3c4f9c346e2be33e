import { Clapperboard, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { demoVideoEmbedUrl } from '../site-config';

const FRAME =
  'relative aspect-video w-full overflow-hidden rounded-2xl border border-zinc-200 shadow-lg dark:border-zinc-800';

/** A drawn backdrop: a deep-blue gradient with faint mat seams, no image from anywhere. */
function Backdrop() {
  return (
    <div aria-hidden className="absolute inset-0 bg-linear-to-br from-brand-900 via-brand-800 to-zinc-900">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.06)_1px,transparent_1px)] bg-size-[4rem_4rem]" />
      <div className="absolute -top-1/3 left-1/2 h-full w-2/3 -translate-x-1/2 rounded-full bg-brand-500/25 blur-3xl" />
    </div>
  );
}

/**
 * Click-to-load facade for the demo video. Nothing is requested from YouTube until the visitor
 * presses play; only then is the privacy-enhanced player embedded. Without a video id it says the
 * video is coming soon.
 */
export function DemoVideo({ videoId }: { videoId: string | undefined }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const noteId = useId();

  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  if (!videoId) {
    return (
      <div className={FRAME} data-testid="demo-video">
        <Backdrop />
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-white sm:gap-3">
          <Clapperboard className="h-10 w-10 text-brand-100 sm:h-12 sm:w-12" aria-hidden />
          <p className="text-lg font-semibold sm:text-xl">{t('landing.demo.comingSoon')}</p>
          <p className="max-w-md text-sm text-brand-100 sm:text-base">{t('landing.demo.comingSoonHint')}</p>
        </div>
      </div>
    );
  }

  return (
    <div>
      <div className={cn(FRAME, playing && 'bg-black')} data-testid="demo-video">
        {playing ? (
          <iframe
            ref={frameRef}
            className="absolute inset-0 h-full w-full"
            src={demoVideoEmbedUrl(videoId)}
            title={t('landing.demo.iframeTitle')}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <>
            <Backdrop />
            <button
              type="button"
              onClick={() => setPlaying(true)}
              aria-describedby={noteId}
              className="group absolute inset-0 flex flex-col items-center justify-center gap-3 text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white sm:gap-4"
            >
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-brand-700 shadow-xl transition-transform group-hover:scale-110 sm:h-20 sm:w-20">
                <Play className="ml-1 h-7 w-7 fill-current sm:h-9 sm:w-9" aria-hidden />
              </span>
              <span className="text-base font-semibold sm:text-lg">{t('landing.demo.play')}</span>
            </button>
          </>
        )}
      </div>
      <p id={noteId} className="mt-3 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {t('landing.demo.consent')}
      </p>
    </div>
  );
}
