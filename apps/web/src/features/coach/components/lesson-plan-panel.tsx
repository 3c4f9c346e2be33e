import { ClipboardList, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCurriculum } from '@/features/coach/api/get-curriculum';
import { errorText } from '@/lib/failure';
import { LessonPlan } from './lesson-plan';

export interface LessonPlanPanelProps {
  sessionId: number;
  /** The session's `isCurriculumGenerated`: when true the saved plan is loaded automatically. */
  curriculumGenerated: boolean;
  /** Whether the reader may say if the plan helped (the session's instructor); students read it only. */
  canRate?: boolean;
}

/**
 * The lesson plan of the session details page with its loading states: the plan, a spinner while it
 * loads, 'Failed to fetch curriculum: <body>' with a retry, or a note when the server has none (204).
 * Before any plan exists it renders nothing; a plan just generated with `useGenerateCurriculum` shows
 * at once, from the cache.
 */
export function LessonPlanPanel({ sessionId, curriculumGenerated, canRate = true }: LessonPlanPanelProps) {
  const { t } = useTranslation();
  const curriculum = useCurriculum(sessionId, { enabled: curriculumGenerated });

  if (curriculum.data) return <LessonPlan sessionId={sessionId} curriculum={curriculum.data} canRate={canRate} />;
  if (curriculum.data === null) {
    return (
      <Card className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <ClipboardList className="h-5 w-5 shrink-0" aria-hidden />
        <p>{t('coach.plan.none')}</p>
      </Card>
    );
  }
  if (curriculum.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3">
        <p className="flex items-start gap-2 break-words text-red-700 dark:text-red-400">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {t('coach.errors.fetchCurriculum', { body: errorText(curriculum.error).body })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void curriculum.refetch()}>
          {t('coach.tryAgain')}
        </Button>
      </Card>
    );
  }
  if (!curriculumGenerated) return null;
  return (
    <Card className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner label={t('coach.plan.loading')} />
      <span aria-hidden>{t('coach.plan.loading')}</span>
    </Card>
  );
}
