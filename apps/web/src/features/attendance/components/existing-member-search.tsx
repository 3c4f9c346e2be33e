import type { TrainingSessionDetails } from '@openmat/contract/sessions';
import { useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/errors/load-failure';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { showToast } from '@/components/ui/toast-store';
import { addExistingMember, useMemberSearch } from '@/features/attendance/api/add-existing-member';
import { errorText } from '@/lib/failure';

/**
 * Walk-in attendance: adds an existing member who forgot to check in, found by name among the
 * instructor's members, instead of typing them again as a new person (issue 21, part 2).
 */
export function ExistingMemberSearch(props: {
  sessionId: number;
  /** Who is on the roster already: they are marked, not offered. */
  rosterIds: readonly number[];
  onAdded(details: TrainingSessionDetails): void;
}) {
  const { sessionId, rosterIds } = props;
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useMemberSearch(search);
  const add = useMutation({
    mutationFn: (fighterId: number) => addExistingMember(sessionId, fighterId),
    onSuccess: (details, fighterId) => {
      const name = found.data?.members.find((member) => member.fighterId === fighterId)?.fighterName ?? '';
      showToast({ title: t('attendance.existing.added', { name }), tone: 'success' });
      props.onAdded(details);
    },
    onError: (error) => {
      console.error('Adding an existing member failed', error);
      showToast({ title: t('attendance.existing.failed'), description: errorText(error).message, tone: 'error' });
    },
  });
  const members = search.trim() === '' ? [] : (found.data?.members ?? []);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('attendance.existing.title')}
      </h3>
      <label htmlFor={`${id}-search`} className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">
        {t('attendance.existing.lead')}
      </label>
      <SearchInput
        id={`${id}-search`}
        className="mt-2 sm:max-w-sm"
        value={typed}
        placeholder={t('attendance.existing.placeholder')}
        onValueChange={setTyped}
      />
      {search.trim() !== '' && found.isError && (
        <LoadFailure
          compact
          className="mt-2"
          title={t('attendance.existing.searchFailed')}
          onRetry={() => void found.refetch()}
        />
      )}
      {search.trim() !== '' && found.isSuccess && members.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('attendance.existing.none')}</p>
      )}
      {members.length > 0 && (
        <ul
          className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800"
          aria-label={t('attendance.existing.results')}
        >
          {members.map((member) => {
            const onRoster = rosterIds.includes(member.fighterId);
            return (
              <li key={member.fighterId} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                <span className="min-w-0 break-words">{member.fighterName}</span>
                {onRoster ? (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('attendance.existing.onRoster')}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={add.isPending}
                    aria-label={t('attendance.existing.addNamed', { name: member.fighterName })}
                    onClick={() => add.mutate(member.fighterId)}
                  >
                    <UserPlus className="h-4 w-4" aria-hidden />
                    {t('attendance.existing.add')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
