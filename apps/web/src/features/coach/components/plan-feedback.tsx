import { useTranslation } from 'react-i18next';
import { HelpfulFeedback } from '@/components/ui/helpful-feedback';
import { useCurriculumFeedback } from '@/features/coach/api/send-curriculum-feedback';

/** Helpful / Not Helpful on the plan: 'Feedback recorded: Helpful' or 'Feedback recorded: Not Helpful'. */
export function PlanFeedback({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  return (
    <HelpfulFeedback
      id={`lesson-plan-${sessionId}-feedback`}
      question={t('coach.feedback.question')}
      helpfulLabel={t('coach.feedback.helpful')}
      notHelpfulLabel={t('coach.feedback.notHelpful')}
      recordedText={(helpful) => t(helpful ? 'coach.feedback.recordedHelpful' : 'coach.feedback.recordedNotHelpful')}
      failedText={(reason) => t('coach.feedback.failed', { reason })}
      mutation={useCurriculumFeedback(sessionId)}
      className="border-t border-zinc-200 pt-6 dark:border-zinc-800"
    />
  );
}
