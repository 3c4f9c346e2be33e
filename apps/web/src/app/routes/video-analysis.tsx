import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { UploadSection } from '@/features/videos/components/upload-form';
import { UploadedVideos } from '@/features/videos/components/uploaded-videos';

/**
 * /video-analysis: the upload form (for every signed-in user with a token, students and instructors
 * alike) and the table of the user's uploaded videos.
 */
export function VideoAnalysisRoute() {
  const { t } = useTranslation();
  const canUpload = useAuthStore((state) => state.loginStatus === 'authenticated' && state.accessToken !== null);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {t('videos.analysis.heading')}
          </h1>
          <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{t('videos.analysis.lead')}</p>
        </div>
        <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
          <Link to="/videos">
            <Clapperboard className="h-4 w-4" aria-hidden />
            {t('videos.analysis.sharedLink')}
          </Link>
        </Button>
      </header>
      {canUpload && <UploadSection />}
      <UploadedVideos />
    </div>
  );
}
