import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { ReviewPage } from '@/features/videos/components/review/review-page';

/** Where `?t=` asks the player to start, in seconds (a technique search's clip links there). */
function startAtOf(value: string | null): number | undefined {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * /video-review/{videoId}[?t=seconds]: the review of one video's analysis. Its editors (the uploader,
 * instructors it was shared with) review and correct it; a student it was shared with reads it, and goes
 * back to the shared videos.
 */
export function VideoReviewRoute() {
  const { t } = useTranslation();
  const videoId = Number(useParams().videoId);
  const [search] = useSearchParams();
  const role = useAuthStore((state) => effectiveRole(state) ?? null);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      <ReviewPage
        videoId={videoId}
        startAt={startAtOf(search.get('t'))}
        viewerRole={role}
        header={(mode) => (
          <PageHeader
            title={t(mode === 'edit' ? 'videos.review.title' : 'videos.review.titleRead')}
            lead={t(mode === 'edit' ? 'videos.review.lead' : 'videos.review.leadRead')}
            action={
              <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
                <Link to={mode === 'edit' ? '/video-analysis' : '/videos'}>
                  <ArrowLeft className="h-4 w-4" aria-hidden />
                  {t(mode === 'edit' ? 'videos.review.back' : 'videos.review.backRead')}
                </Link>
              </Button>
            }
          />
        )}
      />
    </div>
  );
}
