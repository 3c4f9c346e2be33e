import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { ReviewPage } from '@/features/videos/components/review/review-page';

/** Where `?t=` asks the player to start, in seconds (a technique search's clip links there). */
function startAtOf(value: string | null): number | undefined {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** /video-review/{videoId}[?t=seconds]: the review editor of one video's analysis. */
export function VideoReviewRoute() {
  const { t } = useTranslation();
  const videoId = Number(useParams().videoId);
  const [search] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('videos.review.title')}
        lead={t('videos.review.lead')}
        action={
          <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
            <Link to="/video-analysis">
              <ArrowLeft className="h-4 w-4" aria-hidden />
              {t('videos.review.back')}
            </Link>
          </Button>
        }
      />
      <ReviewPage videoId={videoId} startAt={startAtOf(search.get('t'))} />
    </div>
  );
}
