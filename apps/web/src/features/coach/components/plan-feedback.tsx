import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { useCurriculumFeedback } from '@/features/coach/api/send-curriculum-feedback';
import { errorText } from '@/lib/failure';

/**
 * Helpful / Not Helpful on the plan. The answer is posted, then alerted as 'Feedback recorded: Helpful'
 * or 'Feedback recorded: Not Helpful'; the chosen button stays pressed. A failure is said in place.
 */
export function PlanFeedback({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const feedback = useCurriculumFeedback(sessionId);
  const [recorded, setRecorded] = useState<boolean | null>(null);
  const titleId = `lesson-plan-${sessionId}-feedback`;

  function send(helpful: boolean) {
    feedback.mutate(helpful, {
      onSuccess: () => {
        setRecorded(helpful);
        void showAlert(t(helpful ? 'coach.feedback.recordedHelpful' : 'coach.feedback.recordedNotHelpful'), {
          tone: 'success',
        });
      },
    });
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 border-t border-zinc-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
    >
      <h3 id={titleId} className="font-semibold">
        {t('coach.feedback.question')}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={recorded === true ? 'primary' : 'secondary'}
          aria-pressed={recorded === true}
          disabled={feedback.isPending}
          onClick={() => send(true)}
        >
          <ThumbsUp className="h-4 w-4" aria-hidden />
          {t('coach.feedback.helpful')}
        </Button>
        <Button
          variant={recorded === false ? 'primary' : 'secondary'}
          aria-pressed={recorded === false}
          disabled={feedback.isPending}
          onClick={() => send(false)}
        >
          <ThumbsDown className="h-4 w-4" aria-hidden />
          {t('coach.feedback.notHelpful')}
        </Button>
      </div>
      {feedback.isError && (
        <p role="alert" className="text-sm text-red-700 sm:basis-full dark:text-red-400">
          {t('coach.feedback.failed', { reason: errorText(feedback.error).body })}
        </p>
      )}
    </section>
  );
}
