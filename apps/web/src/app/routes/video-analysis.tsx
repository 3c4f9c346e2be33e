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
 * /video-analysis: the upload form (for every signed-in user with a token, students and instructors
 * alike; an instructor names the athlete in the video) and the table of the user's uploaded videos.
 */
export function VideoAnalysisRoute() {
  const { t } = useTranslation();
  const canUpload = useAuthStore((state) => state.loginStatus === 'authenticated' && state.accessToken !== null);
  const role = useAuthStore(effectiveRole);
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
      {canUpload && <UploadSection canNameAthlete={role !== undefined && isInstructorRole(role)} />}
      <UploadedVideos />
    </div>
  );
}
