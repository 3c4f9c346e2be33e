import type { UseMutationResult } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';

export interface HelpfulFeedbackProps {
  /** The id of the question, which names the section. */
  id: string;
  question: string;
  helpfulLabel: string;
  notHelpfulLabel: string;
  /** The alert once the answer is stored, e.g. 'Feedback recorded: Helpful'. */
  recordedText: (helpful: boolean) => string;
  /** Said in place when it could not be stored. */
  failedText: (reason: string) => string;
  /** Posts the answer. */
  mutation: Pick<UseMutationResult<unknown, Error, boolean>, 'mutate' | 'isPending' | 'isError' | 'error'>;
  className?: string;
}

/**
 * 'Was this … helpful?' with Helpful / Not Helpful (the lesson plan, the video analysis). The answer is
 * posted, then alerted; the chosen button stays pressed. A failure is said in place.
 */
export function HelpfulFeedback({
  id,
  question,
  helpfulLabel,
  notHelpfulLabel,
  recordedText,
  failedText,
  mutation,
  className,
}: HelpfulFeedbackProps) {
  const [recorded, setRecorded] = useState<boolean | null>(null);

  function send(helpful: boolean) {
    mutation.mutate(helpful, {
      onSuccess: () => {
        setRecorded(helpful);
        void showAlert(recordedText(helpful), { tone: 'success' });
      },
    });
  }

  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <h3 id={id} className="font-semibold">
        {question}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={recorded === true ? 'primary' : 'secondary'}
          aria-pressed={recorded === true}
          disabled={mutation.isPending}
          onClick={() => send(true)}
        >
          <ThumbsUp className="h-4 w-4" aria-hidden />
          {helpfulLabel}
        </Button>
        <Button
          variant={recorded === false ? 'primary' : 'secondary'}
          aria-pressed={recorded === false}
          disabled={mutation.isPending}
          onClick={() => send(false)}
        >
          <ThumbsDown className="h-4 w-4" aria-hidden />
          {notHelpfulLabel}
        </Button>
      </div>
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-700 sm:basis-full dark:text-red-400">
          {failedText(errorText(mutation.error).body)}
        </p>
      )}
    </section>
  );
}
