import type { TrainingSession } from '@openmat/contract/sessions';
import { CalendarClock, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '@/components/ui/toast-store';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCancelCheckIn } from '@/features/sessions/api/cancel-check-in';
import { errorText } from '@/lib/failure';
import { formatSessionDate, formatSessionTime } from './session-format';

export interface MyCheckInsProps {
  /** The sessions that have not ended, soonest first or in any order (they are sorted here). */
  sessions: TrainingSession[];
  /** The signed-in student's fighter id. */
  fighterId: number;
  /** The time now, in epoch milliseconds: a class that has started can no longer be cancelled. */
  now: number;
}

/**
 * The student's upcoming check-ins, at the top of the session list: each says "You're checked in" and,
 * until the class starts, offers Cancel check-in behind a confirmation. Nothing shows without one.
 */
export function MyCheckIns({ sessions, fighterId, now }: MyCheckInsProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const cancel = useCancelCheckIn();
  const [confirming, setConfirming] = useState<TrainingSession | null>(null);
  const mine = sessions
    .filter((session) => session.studentIds.includes(fighterId))
    .sort((a, b) => Date.parse(a.trainingDate) - Date.parse(b.trainingDate));
  if (mine.length === 0) return null;

  const name = (session: TrainingSession) =>
    `${formatSessionDate(session.trainingDate, i18n.language)} ${formatSessionTime(session.trainingDate, i18n.language)}`;

  function confirmCancel(session: TrainingSession) {
    cancel.mutate(session.id, {
      // The outcome is a toast, whichever way it went.
      onSuccess: () => showToast({ tone: 'success', title: t('sessions.checkedIn.cancelled') }),
      onError: (error) => {
        console.error('Cancelling the check-in failed', error);
        const reason = errorText(error).serverMessage;
        showToast({
          tone: 'error',
          title: t('sessions.checkedIn.cancelFailed'),
          ...(reason ? { description: reason } : {}),
        });
      },
    });
  }

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 shadow-sm dark:border-emerald-900 dark:bg-emerald-950/30"
    >
      <h2 id={titleId} className="text-lg font-semibold tracking-tight">
        {t('sessions.checkedIn.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('sessions.checkedIn.lead')}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {mine.map((session) => {
          const started = Date.parse(session.trainingDate) <= now;
          const busy = cancel.isPending && cancel.variables === session.id;
          return (
            <li
              key={session.id}
              className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-1.5 font-medium">
                  <CalendarClock className="h-4 w-4 text-brand-700 dark:text-brand-500" aria-hidden />
                  {name(session)}
                </p>
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                  <CircleCheck className="h-3.5 w-3.5" aria-hidden />
                  {t('sessions.checkedIn.badge')}
                </span>
              </div>
              {session.description && (
                <p className="line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300">{session.description}</p>
              )}
              <div className="mt-auto flex flex-wrap gap-2">
                <Button asChild size="sm" variant="secondary">
                  <Link to={`/session-details/${session.id}`}>{t('sessions.checkedIn.open')}</Link>
                </Button>
                {started ? (
                  <span className="inline-flex h-9 items-center text-sm text-zinc-600 dark:text-zinc-400">
                    {t('sessions.checkedIn.started')}
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={cancel.isPending}
                    aria-label={t('sessions.checkedIn.cancelLabel', { session: name(session) })}
                    onClick={() => setConfirming(session)}
                  >
                    {busy ? (
                      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                    ) : (
                      <X className="h-4 w-4" aria-hidden />
                    )}
                    {t('sessions.checkedIn.cancel')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('sessions.checkedIn.confirmTitle')}
        description={t('sessions.checkedIn.confirmMessage', { session: confirming ? name(confirming) : '' })}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={() => confirming && confirmCancel(confirming)}
      />
    </section>
  );
}
