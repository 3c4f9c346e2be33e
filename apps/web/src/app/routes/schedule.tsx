import { isInstructorRole } from '@openmat/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageError } from '@/components/errors/page-error';
import { Alert } from '@/components/ui/alert';
import { effectiveRole, useAuthStore } from '@/features/auth/stores/auth-store';
import { useRecurringClasses } from '@/features/schedule/api/schedule-api';
import { HolidaysPanel } from '@/features/schedule/components/holidays-panel';
import { NewClassLink } from '@/features/schedule/components/new-class-link';
import { RecurringClassForm } from '@/features/schedule/components/recurring-class-form';
import { RecurringClassList } from '@/features/schedule/components/recurring-class-list';
import { errorText } from '@/lib/failure';

/**
 * The schedule's pages are an instructor's: anyone else (a student who typed the address) is told so, and
 * no form or holiday button is shown that the server would refuse.
 */
function InstructorsOnly({ children }: { children: (fighterId: number) => ReactNode }) {
  const { t } = useTranslation();
  const fighter = useAuthStore((state) => state.user?.fighterInfo);
  const role = useAuthStore(effectiveRole);
  if (!fighter || role === undefined || !isInstructorRole(role)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Alert title={t('schedule.onlyInstructors')} />
      </div>
    );
  }
  return children(fighter.id);
}

/** /schedule/new: an instructor adds a recurring class to the weekly schedule, and the academy's holidays. */
export function NewRecurringClassRoute() {
  return (
    <InstructorsOnly>
      {() => (
        <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-10 sm:py-14">
          <RecurringClassForm />
          <HolidaysPanel />
        </div>
      )}
    </InstructorsOnly>
  );
}

/** /schedule: the instructor's recurring classes (edit, end) and the academy's holidays. */
export function ScheduleRoute() {
  const { t } = useTranslation();
  return (
    <InstructorsOnly>
      {(fighterId) => (
        <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-10 sm:py-14">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{t('schedule.title')}</h1>
            <NewClassLink />
          </div>
          <RecurringClassList instructorId={fighterId} />
          <HolidaysPanel />
        </div>
      )}
    </InstructorsOnly>
  );
}

/** /schedule/{classId}/edit: the class form on a class that runs; the change applies from today on. */
export function EditRecurringClassRoute() {
  return <InstructorsOnly>{() => <EditRecurringClass />}</InstructorsOnly>;
}

function EditRecurringClass() {
  const { t } = useTranslation();
  const id = Number(useParams().classId);
  const classes = useRecurringClasses();
  const backTo = { to: '/schedule', label: t('schedule.title') };
  if (classes.isError) {
    const text = errorText(classes.error);
    return (
      <PageError
        failure={{ message: t('schedule.classes.error'), details: text.details.length ? text.details : [text.message] }}
        backTo={backTo}
        onRetry={() => void classes.refetch()}
      />
    );
  }
  if (classes.isPending) {
    return (
      <p className="mx-auto max-w-3xl px-4 py-10 text-sm text-zinc-600 dark:text-zinc-400">{t('common.loading')}</p>
    );
  }
  const item = classes.data.find((candidate) => candidate.id === id);
  if (!item) return <PageError failure={{ message: t('schedule.classes.notFound'), details: [] }} backTo={backTo} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <RecurringClassForm key={item.id} recurringClass={item} />
    </div>
  );
}
