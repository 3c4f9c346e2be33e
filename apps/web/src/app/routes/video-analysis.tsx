import { isInstructorRole } from '@openmat/contract/enums';
import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { UploadSection } from '@/features/videos/components/upload-form';
import { UploadedVideos } from '@/features/videos/components/uploaded-videos';

/**
 * /video-analysis: the upload form (for a signed-in student or instructor with a token, the spec's roles 0
 * and 1; an instructor names the athlete in the video) and the table of the user's uploaded videos. An
 * account with no fighter profile yet has no role: it is sent to make one first.
 */
export function VideoAnalysisRoute() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((state) => state.loginStatus === 'authenticated' && state.accessToken !== null);
  const role = useAuthStore(effectiveRole);
  const canUpload = signedIn && role !== undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <PageHeader
        title={t('videos.analysis.heading')}
        lead={t('videos.analysis.lead')}
        action={
          <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
            <Link to="/videos">
              <Clapperboard className="h-4 w-4" aria-hidden />
              {t('videos.analysis.sharedLink')}
            </Link>
          </Button>
        }
      />
      {canUpload && <UploadSection canNameAthlete={isInstructorRole(role)} />}
      {signedIn && role === undefined && (
        <p className="rounded-md border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
          {t('videos.analysis.profileFirst')}{' '}
          <Link to="/profile" className="font-semibold underline underline-offset-2 hover:no-underline">
            {t('nav.completeProfile')}
          </Link>
        </p>
      )}
      <UploadedVideos />
    </div>
  );
}
