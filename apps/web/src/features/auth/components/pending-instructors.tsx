import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/failure';
import { accountKeys, approveInstructor, usePendingInstructors } from '../api/account';

/** Instructor accounts waiting for approval (INSTRUCTOR_SIGNUP=approval), each with Approve. Hidden when none wait. */
export function PendingInstructors() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const pending = usePendingInstructors(true);
  const [busy, setBusy] = useState<number | null>(null);

  if (pending.isPending) return <Spinner label={t('common.loading')} />;
  if (pending.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('account.approval.loadError')} {errorText(pending.error).message}
      </p>
    );
  }
  const { instructors } = pending.data;
  if (instructors.length === 0) return null;

  async function approve(userId: number, name: string) {
    setBusy(userId);
    try {
      await approveInstructor(userId);
      showToast({ tone: 'success', title: t('account.approval.approved', { name }) });
    } catch (error) {
      showToast({ tone: 'error', title: t('account.approval.failed'), description: errorText(error).message });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: accountKeys.pendingInstructors });
    }
  }

  return (
    <section aria-labelledby="pending-instructors-title" className="flex flex-col gap-3">
      <h2 id="pending-instructors-title" className="text-xl font-semibold">
        {t('account.approval.title')}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('account.approval.lead')}</p>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {instructors.map((instructor) => {
          const name = instructor.fighterName ?? instructor.email;
          return (
            <li key={instructor.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{name}</p>
                <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">
                  {instructor.email} ·{' '}
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                    new Date(instructor.registeredAt),
                  )}
                </p>
              </div>
              <Button
                size="sm"
                disabled={busy === instructor.userId}
                onClick={() => void approve(instructor.userId, name)}
              >
                {t('account.approval.approve')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
