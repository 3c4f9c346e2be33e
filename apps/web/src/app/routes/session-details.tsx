import type { AttendanceResponse } from '@openmat/contract/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageError } from '@/components/errors/page-error';
import { showAlert } from '@/components/ui/alert-store';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { AttendanceModal } from '@/features/attendance/components/attendance-modal';
import { useGenerateCurriculum } from '@/features/coach/api/generate-curriculum';
import { LessonPlanPanel } from '@/features/coach/components/lesson-plan-panel';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCancelCheckIn } from '@/features/sessions/api/cancel-check-in';
import { useCheckIn } from '@/features/sessions/api/check-in';
import { useSession } from '@/features/sessions/api/get-session';
import { sessionKeys } from '@/features/sessions/api/get-sessions';
import { PairingNotRead, usePairClass } from '@/features/sessions/api/pair-class';
import { useRemoveStudent } from '@/features/sessions/api/remove-student';
import {
  CANCEL_CHECK_IN_ID,
  SessionDetailsView,
  type SessionAction,
} from '@/features/sessions/components/session-details-view';
import { errorText, type Failure } from '@/lib/failure';

/** A failure shown in place of the page: its line, and under it the server's words when it sent any. */
const pageFailure = (message: string, detail: string | null = null): Failure => ({
  message,
  details: detail ? [detail] : [],
});

/** /session-details/{id}: the session, its roster, and the actions of the signed-in role. */
export function SessionDetailsRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().sessionId);
  const fighterInfo = useAuthStore((state) => state.user?.fighterInfo ?? null);
  const queryClient = useQueryClient();
  const session = useSession(id);
  const checkIn = useCheckIn(id);
  const cancelCheckIn = useCancelCheckIn();
  const removeStudent = useRemoveStudent(id);
  const pairUp = usePairClass(id);
  const generate = useGenerateCurriculum(id);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attendanceOpen, setAttendanceOpen] = useState(false);
  const back = { to: '/class-session', label: t('sessionDetails.backToSessions') };

  if (failure) return <PageError failure={failure} backTo={back} onRetry={() => setFailure(null)} />;
  if (session.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (session.isError) {
    return (
      <PageError
        failure={pageFailure(t('sessionDetails.errors.load'), errorText(session.error).serverMessage)}
        backTo={back}
        onRetry={() => void session.refetch()}
      />
    );
  }

  const details = session.data;
  const role = fighterInfo?.role ?? 0;
  const isOwner = role !== 0 && fighterInfo?.id === details.instructorId;
  const checkedIn = fighterInfo !== null && details.studentIds.includes(fighterInfo.id);
  const pending = checkIn.isPending
    ? 'checkIn'
    : cancelCheckIn.isPending
      ? 'cancelCheckIn'
      : removeStudent.isPending
        ? 'remove'
        : pairUp.isPending
          ? pairUp.variables.nextRound
            ? 'nextRound'
            : 'pairUp'
          : generate.isPending
            ? 'generate'
            : null;

  function act(action: SessionAction) {
    if (action === 'checkIn') {
      if (!fighterInfo) {
        setFailure(pageFailure(t('sessionDetails.errors.fighterInfo')));
        return;
      }
      checkIn.mutate(fighterInfo.id, {
        // Check-In is disabled now: once the message is read, the focus goes to what the student can do next.
        onSuccess: () =>
          void showAlert(t('sessionDetails.checkedIn'), { tone: 'success' }).then(() =>
            window.setTimeout(() => document.getElementById(CANCEL_CHECK_IN_ID)?.focus(), 0),
          ),
        onError: (error) => {
          console.error('Check-in failed', error);
          setFailure(pageFailure(t('sessionDetails.errors.checkIn'), errorText(error).serverMessage));
        },
      });
    } else if (action === 'cancelCheckIn') {
      cancelCheckIn.mutate(id, {
        // The outcome is a toast, whichever way it went; the page stays as it is.
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
    } else if (action === 'attendance') {
      setAttendanceOpen(true);
    } else if (action === 'pairUp' || action === 'nextRound') {
      pairUp.mutate(
        {
          studentFighterIds: details.studentIds,
          instructorFighterId: details.instructorId,
          nextRound: action === 'nextRound',
        },
        {
          onError: (error) => {
            console.error('Pairing failed', error);
            const text = errorText(error);
            const reason =
              error instanceof PairingNotRead
                ? (error.reason ?? t('sessionDetails.errors.pairsNotRead'))
                : (text.serverMessage ?? text.message);
            setFailure(pageFailure(t('sessionDetails.errors.pairs'), reason));
          },
        },
      );
    } else {
      generate.mutate(undefined, {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(id) }),
        onError: (error) => {
          console.error('Generating the lesson plan failed', error);
          setFailure(pageFailure(t('sessionDetails.errors.curriculum'), errorText(error).serverMessage));
        },
      });
    }
  }

  function recorded(result: AttendanceResponse) {
    queryClient.setQueryData(sessionKeys.detail(id), result.updatedSession);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    setAttendanceOpen(false);
  }

  return (
    <>
      <SessionDetailsView
        session={details}
        role={role}
        isOwner={isOwner}
        checkedIn={checkedIn}
        pending={pending}
        onAction={act}
        lessonPlan={
          // The server lets only the instructor and the roster read the plan (ADR 0009).
          isOwner || checkedIn ? (
            <LessonPlanPanel sessionId={id} curriculumGenerated={details.isCurriculumGenerated} canRate={isOwner} />
          ) : null
        }
        onRemoveStudent={(fighter) =>
          removeStudent.mutate(fighter.id, {
            onError: (error) => {
              console.error('Removing a student failed', error);
              setFailure(pageFailure(t('sessionDetails.errors.remove'), errorText(error).serverMessage));
            },
          })
        }
      />
      {isOwner && (
        <AttendanceModal
          sessionId={id}
          capacity={details.capacity}
          rosterCount={details.studentIds.length}
          targetLevel={details.targetLevel}
          open={attendanceOpen}
          onOpenChange={setAttendanceOpen}
          onRecorded={recorded}
          rosterIds={details.studentIds}
          onMemberAdded={(updated) => {
            queryClient.setQueryData(sessionKeys.detail(id), updated);
            void queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
          }}
        />
      )}
    </>
  );
}
