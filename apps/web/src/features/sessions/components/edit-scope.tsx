import type { TrainingSessionInput } from '@openmat/contract/sessions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '@/components/ui/toast-store';
import { FollowingRefused, useUpdateFollowing, type FollowingOrigin } from '@/features/sessions/api/update-following';
import { errorText, type Failure } from '@/lib/failure';
import { AFTER_SAVE } from './session-form-page';

/** What an edit of a session of the weekly schedule changes. */
export type EditScope = 'this' | 'following';

/** The question every edit of a schedule's session asks: this session only, or this and the following ones. */
export function EditScopeChoice({ scope, onChange }: { scope: EditScope; onChange: (scope: EditScope) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
      <legend className="px-1 text-sm font-semibold">{t('sessions.form.scope.legend')}</legend>
      {(['this', 'following'] as const).map((value) => (
        <label key={value} htmlFor={`${id}-${value}`} className="flex items-center gap-2 text-sm">
          <input
            id={`${id}-${value}`}
            type="radio"
            name={`${id}-scope`}
            className="h-4 w-4 accent-brand-600"
            checked={scope === value}
            onChange={() => onChange(value)}
          />
          {t(`sessions.form.scope.${value}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Saving "this and the following ones": the list follows; sessions kept for their check-ins are named in a
 * toast. A change the form refuses (a new day, a class that has ended) says why under the form.
 */
export function useFollowingCalls(occurrence: FollowingOrigin | null) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const mutation = useUpdateFollowing(occurrence ?? { id: 0, recurringClassId: 0, occurrenceDate: '' });
  const [failure, setFailure] = useState<Failure | null>(null);
  function save(input: TrainingSessionInput) {
    setFailure(null);
    mutation.mutate(input, {
      onSuccess: (change) => {
        const kept = change.keptSessionIds.length;
        showToast({
          tone: kept > 0 ? 'warning' : 'success',
          title: t('sessions.form.scope.saved'),
          ...(kept > 0 ? { description: t('sessions.form.scope.kept', { count: kept }) } : {}),
        });
        void navigate(AFTER_SAVE);
      },
      onError: (error) => {
        if (error instanceof FollowingRefused) {
          const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
            new Date(`${occurrence?.occurrenceDate ?? ''}T00:00:00Z`),
          );
          const reason = t(`sessions.form.scope.refused.${error.reason}`, { date: day });
          setFailure({ message: t('sessions.form.errors.update'), details: [reason] });
          return;
        }
        console.error('Failed to change the following sessions', error);
        setFailure({ message: t('sessions.form.errors.update'), details: errorText(error).details });
      },
    });
  }
  return { save, saving: mutation.isPending, failure };
}
