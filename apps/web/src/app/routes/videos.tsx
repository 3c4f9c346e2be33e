import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { SharedVideos } from '@/features/videos/components/shared-videos';

/** /videos: the videos others have shared with the signed-in user. */
export function VideosRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <PageHeader
        title={t('videos.shared.heading')}
        lead={t('videos.shared.lead')}
        action={
          <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
            <Link to="/video-analysis">
              <Video className="h-4 w-4" aria-hidden />
              {t('videos.shared.ownLink')}
            </Link>
          </Button>
        }
      />
      <SharedVideos />
    </div>
  );
}
