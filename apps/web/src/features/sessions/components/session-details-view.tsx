import type { Fighter } from '@openmat/contract/auth';
import type { TrainingSessionDetails } from '@openmat/contract/sessions';
import { hoursToMinutes } from '@openmat/contract/helpers/duration';
import {
  CalendarClock,
  CircleCheck,
  ClipboardCheck,
  Clock,
  LoaderCircle,
  Sparkles,
  UserMinus,
  Users,
  X,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FighterPairs } from './fighter-pairs';
import { hasSessionEnded } from './session-schedule';
import { useNow } from './use-now';

/** The actions behind the page's buttons; each asks for confirmation first. */
/** The id of the student's Cancel check-in button, where the focus goes once they have checked in. */
export const CANCEL_CHECK_IN_ID = 'cancel-check-in';

export type ButtonAction = 'checkIn' | 'cancelCheckIn' | 'attendance' | 'pairUp' | 'generate';
export type SessionAction = ButtonAction | 'nextRound';

export interface SessionDetailsViewProps {
  session: TrainingSessionDetails;
  /** 0 = student; anything else is an instructor. */
  role: number;
  /** The signed-in instructor owns this session and may change it. */
  isOwner: boolean;
  /** The signed-in student is on the roster already. */
  checkedIn: boolean;
  pending: SessionAction | 'remove' | null;
  /** The lesson plan, below the roster (composed by the page). */
  lessonPlan?: ReactNode;
  onAction: (action: SessionAction) => void;
  onRemoveStudent: (fighter: Fighter) => void;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-brand-700 dark:text-brand-500">{icon}</span>
      <div>
        <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</dt>
        <dd className="font-medium">{children}</dd>
      </div>
    </div>
  );
}

/** The instructor card, the roster, the actions for the caller's role, and the fighter pairs. */
export function SessionDetailsView({
  session,
  role,
  isOwner,
  checkedIn,
  pending,
  onAction,
  onRemoveStudent,
  lessonPlan,
}: SessionDetailsViewProps) {
  const { t, i18n } = useTranslation();
  // Weights and heights in the reader's way of writing numbers (72,5 kg in Polish).
  const figure = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const [confirming, setConfirming] = useState<ButtonAction | null>(null);
  const [removing, setRemoving] = useState<Fighter | null>(null);
  const date = new Date(session.trainingDate);
  const now = useNow();
  const busy = pending !== null;
  const isStudent = role === 0;
  // Check-in closes when the class ends, as in the session list (which shows it as Ended) and on the server.
  const ended = hasSessionEnded(session, now);
  // A full class takes nobody else (the server refuses it), so a student not on the roster cannot check in.
  const full = session.students.length >= session.capacity;
  const tooFewToPair = session.students.length < 2;
  const actions: ButtonAction[] = isStudent ? ['checkIn'] : ['attendance', 'pairUp', 'generate'];
  // A student may cancel their check-in until the class starts (the server refuses it after).
  const canCancel = isStudent && checkedIn && session.status === 'Active' && date.getTime() > now;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t('sessionDetails.title')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          {date.toLocaleDateString(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="flex flex-col gap-5 lg:col-span-1" aria-labelledby="instructor-card-title">
          <h2 id="instructor-card-title" className="text-lg font-semibold">
            {t('sessionDetails.instructorCard')}
          </h2>
          <dl className="flex flex-col gap-4">
            <Detail icon={<Users className="h-4 w-4" aria-hidden />} label={t('sessionDetails.instructorName')}>
              {session.instructor.fighterName}
            </Detail>
            <Detail icon={<CalendarClock className="h-4 w-4" aria-hidden />} label={t('sessionDetails.trainingDate')}>
              {date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </Detail>
            <Detail icon={<Users className="h-4 w-4" aria-hidden />} label={t('sessionDetails.capacity')}>
              {t('sessionDetails.capacityValue', { count: session.students.length, capacity: session.capacity })}
            </Detail>
            <Detail icon={<Clock className="h-4 w-4" aria-hidden />} label={t('sessionDetails.duration')}>
              {t('sessionDetails.minutes', { count: hoursToMinutes(session.duration) })}
            </Detail>
            <Detail icon={<ClipboardCheck className="h-4 w-4" aria-hidden />} label={t('sessionDetails.status')}>
              {/* An Active class that is over reads Ended, as in the session list; a closed one keeps its status. */}
              {ended && session.status === 'Active'
                ? t('sessions.list.ended')
                : t(`sessionDetails.statuses.${session.status}`)}
            </Detail>
            <Detail icon={<Sparkles className="h-4 w-4" aria-hidden />} label={t('sessionDetails.level')}>
              {t(`sessionDetails.levels.${session.targetLevel}`)}
            </Detail>
          </dl>
          <div>
            <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {t('sessionDetails.notes')}
            </h3>
            <p className="mt-1 whitespace-pre-line">{session.description || t('sessionDetails.noNotes')}</p>
          </div>
        </Card>

        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">{t('sessionDetails.actions')}</h2>
            {!isStudent && !isOwner ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessionDetails.notOwner')}</p>
            ) : (
              <div className="flex flex-wrap gap-3">
                {actions.map((action) => (
                  <Button
                    key={action}
                    disabled={
                      busy ||
                      (action === 'checkIn' && (checkedIn || ended || full || session.status !== 'Active')) ||
                      (action === 'pairUp' && tooFewToPair)
                    }
                    onClick={() => setConfirming(action)}
                  >
                    {pending === action && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
                    {pending === action ? t(`sessionDetails.pending.${action}`) : t(`sessionDetails.buttons.${action}`)}
                  </Button>
                ))}
                {canCancel && (
                  <Button
                    id={CANCEL_CHECK_IN_ID}
                    variant="secondary"
                    disabled={busy}
                    onClick={() => setConfirming('cancelCheckIn')}
                  >
                    {pending === 'cancelCheckIn' ? (
                      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                    ) : (
                      <X className="h-4 w-4" aria-hidden />
                    )}
                    {pending === 'cancelCheckIn'
                      ? t('sessionDetails.pending.cancelCheckIn')
                      : t('sessionDetails.buttons.cancelCheckIn')}
                  </Button>
                )}
              </div>
            )}
            {isStudent && !checkedIn && ended && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessionDetails.endedNoCheckIn')}</p>
            )}
            {isStudent && !checkedIn && !ended && full && session.status === 'Active' && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessionDetails.fullNoCheckIn')}</p>
            )}
            {!isStudent && isOwner && tooFewToPair && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessionDetails.tooFewToPair')}</p>
            )}
            {isStudent && checkedIn && (
              <div className="flex flex-wrap items-center gap-2">
                <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                  <CircleCheck className="h-4 w-4" aria-hidden />
                  {t('sessions.checkedIn.badge')}
                </span>
                <p className="text-sm text-emerald-700 dark:text-emerald-400">{t('sessionDetails.alreadyCheckedIn')}</p>
              </div>
            )}
          </Card>

          <Card className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">
              {t('sessionDetails.roster')}{' '}
              <span className="text-sm font-normal text-zinc-500">
                ({session.students.length}/{session.capacity})
              </span>
            </h2>
            {session.students.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessionDetails.emptyRoster')}</p>
            ) : (
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {session.students.map((student) => (
                  <li key={student.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="min-w-0 [overflow-wrap:anywhere]">{student.fighterName}</span>
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-medium',
                            session.walkInIds.includes(student.id)
                              ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
                              : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
                          )}
                        >
                          {session.walkInIds.includes(student.id)
                            ? t('sessionDetails.walkIn')
                            : t('sessionDetails.rosterCheckedIn')}
                        </span>
                      </p>
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">
                        {[
                          student.beltColor
                            ? t(`sessionDetails.belts.${student.beltColor}`)
                            : t('sessionDetails.unranked'),
                          student.weight ? `${figure.format(student.weight)} kg` : null,
                          student.height ? `${figure.format(student.height)} cm` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </div>
                    {isOwner && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={busy}
                        onClick={() => setRemoving(student)}
                        aria-label={t('sessionDetails.removeStudentLabel', { name: student.fighterName })}
                      >
                        <UserMinus className="h-4 w-4" aria-hidden />
                        <span className="hidden sm:inline">{t('sessionDetails.removeStudent')}</span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <FighterPairs
            rawFighterPairsJson={session.rawFighterPairsJson}
            busy={busy}
            pending={pending === 'nextRound'}
            // Only the owner can still pair a class that is over; nobody else should wait for PAIR UP.
            ended={ended && !isOwner}
            {...(isOwner ? { onNextRound: () => onAction('nextRound') } : {})}
          />
        </div>
      </div>
      {lessonPlan}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? t(`sessionDetails.confirm.${confirming}.title`) : ''}
        description={confirming ? t(`sessionDetails.confirm.${confirming}.message`) : ''}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => confirming && onAction(confirming)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('sessionDetails.confirm.remove.title')}
        description={t('sessionDetails.confirm.remove.message', { name: removing?.fighterName ?? '' })}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={() => removing && onRemoveStudent(removing)}
      />
    </div>
  );
}
