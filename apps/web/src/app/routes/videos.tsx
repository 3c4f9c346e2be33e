import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SharedVideos } from '@/features/videos/components/shared-videos';

/** /videos: the videos others have shared with the signed-in user. */
export function VideosRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {t('videos.shared.heading')}
          </h1>
          <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{t('videos.shared.lead')}</p>
        </div>
        <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
          <Link to="/video-analysis">
            <Video className="h-4 w-4" aria-hidden />
            {t('videos.shared.ownLink')}
          </Link>
        </Button>
      </header>
      <SharedVideos />
    </div>
  );
}
