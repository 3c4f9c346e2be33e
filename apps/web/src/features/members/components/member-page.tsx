import { hasSessionEnded } from '@openmat/contract/helpers/session-time';
import type { MemberAttendance, MemberDetails } from '@openmat/contract/members';
import { ArrowLeft, Video } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { PageError } from '@/components/errors/page-error';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { memberQueryOptions, useMember } from '@/features/members/api/get-member';
import { useMembers } from '@/features/members/api/get-members';
import { useMergeMember } from '@/features/members/api/merge-member';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';
import { beltLabel, formatDay } from './member-format';
import { Dossier, ProgressHistory, PromotionForm, WeighInForm } from './member-progress';
import { ResetLinkCard } from './reset-link-card';

/** The classes grouped by month, newest month first, each month's label in the reader's language. */
function byMonth(classes: MemberAttendance[], language: string) {
  const months = new Map<string, MemberAttendance[]>();
  for (const row of classes) {
    const date = new Date(row.trainingDate);
    const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
    months.set(key, [...(months.get(key) ?? []), row]);
  }
  const format = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' });
  return [...months.entries()].map(([key, rows]) => ({
    key,
    label: format.format(new Date(`${key}-15T12:00:00`)),
    rows,
  }));
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** How long the search waits after the typing stops before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * Merging a walk-in into a registered student's account, behind a confirmation (instructors). The accounts
 * come from a search of all the instructor's members by name (`GET /api/members?search=`), walk-ins left
 * out. The list does not say who is an instructor, so the chosen account's page is asked: only a student's
 * account takes a merge, and an instructor's is refused inline before the server would refuse it.
 */
function MergeWalkIn({ member, t }: { member: MemberDetails; t: TFunction }) {
  const navigate = useNavigate();
  const searchId = useId();
  const selectId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState('');
  const [asking, setAsking] = useState(false);
  const accounts = useMembers({ search: query, belt: '', notSeen: false, sort: 'name', order: 'asc', page: 1 });
  const merge = useMergeMember(member.fighter.id);
  const candidates = (accounts.data?.members ?? []).filter((row) => !row.isWalkIn);
  const chosen = candidates.find((row) => String(row.fighterId) === target);
  const account = useQuery({ ...memberQueryOptions(chosen?.fighterId ?? 0), enabled: chosen !== undefined });
  const role =
    chosen !== undefined && account.data?.fighter.id === chosen.fighterId ? account.data.fighter.fighterRole : null;
  const searching = accounts.isFetching && (accounts.isPending || accounts.isPlaceholderData);
  const settled = accounts.isSuccess && !accounts.isPlaceholderData;
  const more = settled && accounts.data.total > accounts.data.members.length;

  // The search is sent a moment after the typing stops.
  useEffect(() => {
    const next = search.trim();
    if (next === query) return;
    const timer = setTimeout(() => setQuery(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('members.merge.title')}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.merge.lead')}</p>
      <FormField id={searchId} label={t('members.merge.search')} hint={more ? t('members.merge.more') : undefined}>
        <SearchInput value={search} placeholder={t('members.searchPlaceholder')} onValueChange={setSearch} />
      </FormField>
      {searching && <Spinner label={t('members.merge.searching')} />}
      {/* With more matches than listed, the hint asks for more of the name: that none listed has an account says nothing. */}
      {settled && candidates.length === 0 && !more && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {query === '' ? t('members.merge.noAccounts') : t('members.merge.noMatch', { search: query })}
        </p>
      )}
      {accounts.isError && (
        <LoadFailure compact title={t('members.merge.accountsFailed')} onRetry={() => void accounts.refetch()} />
      )}
      <FormField
        id={selectId}
        label={t('members.merge.account')}
        error={
          chosen !== undefined && role === 'Instructor'
            ? t('members.merge.instructorAccount', { name: chosen.fighterName })
            : undefined
        }
      >
        <Select
          value={chosen === undefined ? '' : target}
          disabled={candidates.length === 0}
          onChange={(event) => setTarget(event.target.value)}
        >
          <option value="">{t('members.merge.choose')}</option>
          {candidates.map((row) => (
            <option key={row.fighterId} value={row.fighterId}>
              {row.fighterName}
            </option>
          ))}
        </Select>
      </FormField>
      {chosen !== undefined && account.isFetching && role === null && <Spinner label={t('members.merge.checking')} />}
      {chosen !== undefined && account.isError && (
        <LoadFailure compact title={t('members.merge.checkFailed')} onRetry={() => void account.refetch()} />
      )}
      <Button
        variant="danger"
        className="self-start"
        disabled={!chosen || role !== 'Student' || merge.isPending}
        onClick={() => setAsking(true)}
      >
        {merge.isPending ? t('members.merge.merging') : t('members.merge.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('members.merge.confirmTitle')}
        description={t('members.merge.confirmMessage', {
          walkIn: member.fighter.fighterName,
          account: chosen?.fighterName ?? '',
        })}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={() => {
          if (!chosen) return;
          merge.mutate(chosen.fighterId, {
            onSuccess: (merged) => {
              showToast({ title: t('members.merge.done'), tone: 'success' });
              void navigate(`/members/${merged.fighter.id}`, { replace: true });
            },
            onError: (error) => {
              console.error('Failed to merge the walk-in', error);
              showToast({ title: t('members.merge.failed'), description: errorText(error).message, tone: 'error' });
            },
          });
        }}
      />
    </Card>
  );
}

/**
 * A member's page (issue 21): belt and figures as ADR 0009 lets the viewer see them, the counts, the
 * classes attended by month, and the videos of them the viewer may watch. An instructor may merge a
 * walk-in into an account here.
 */
export function MemberPage({
  fighterId,
  isInstructor,
  embedded = false,
}: {
  fighterId: number;
  isInstructor: boolean;
  /** Inside another page (the member's own profile): the name is a second-level heading. */
  embedded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data: member, isPending, isError, error, refetch } = useMember(fighterId);
  // When the page opened: which Active classes of the history are over.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (isError) console.error('Error fetching the member', error);
  }, [isError, error]);

  if (isPending) return <Spinner label={t('members.loadingMember')} />;
  if (isError) {
    // Inside another page (the member's own profile) the failure is that part's; on its own it is the page's.
    if (embedded) return <LoadFailure title={t('members.memberError')} onRetry={() => void refetch()} />;
    const text = errorText(error);
    return (
      <PageError
        failure={{ message: t('members.memberError'), details: text.serverMessage ? [text.serverMessage] : [] }}
        backTo={{ to: '/members', label: t('members.back') }}
        // Nobody the instructor coaches has this page: trying again cannot help.
        {...(text.status === 404 ? {} : { onRetry: () => void refetch() })}
      />
    );
  }

  const { fighter } = member;
  const Heading = embedded ? 'h2' : 'h1';
  const months = byMonth(member.attendance, language);
  const merging = isInstructor && member.isWalkIn;
  return (
    <div className="space-y-6">
      {isInstructor && (
        <Link to="/members" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('members.back')}
        </Link>
      )}
      <header className="space-y-1">
        <Heading className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {/* A long name breaks rather than pushing the page wider than a phone. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">{fighter.fighterName}</span>
          {member.isWalkIn && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
              {t('sessionDetails.walkIn')}
            </span>
          )}
        </Heading>
        <p className="text-zinc-600 dark:text-zinc-400">{beltLabel(member.belt, t, member.stripes)}</p>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={t('members.columns.recent')} value={String(member.classesLast30Days)} />
        <Stat label={t('members.columns.total')} value={String(member.classesTotal)} />
        <Stat
          label={t('members.columns.lastAttended')}
          value={member.lastAttended ? formatDay(member.lastAttended, language) : t('members.never')}
        />
        <Stat
          label={t('members.weight')}
          value={
            fighter.weight === null
              ? '—'
              : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(fighter.weight)} kg`
          }
        />
      </dl>

      <div className={cn('grid items-start gap-6 lg:grid-cols-3', merging && 'lg:grid-rows-[auto_1fr]')}>
        {/* A walk-in's merge is what the instructor came for: first on a phone, atop the side column on a desktop. */}
        {merging && (
          <div className="lg:col-start-3 lg:row-start-1">
            <MergeWalkIn member={member} t={t} />
          </div>
        )}
        <div
          className={cn('flex flex-col gap-6 lg:col-span-2', merging && 'lg:col-start-1 lg:row-span-2 lg:row-start-1')}
        >
          <Card className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">{t('members.history')}</h2>
            {months.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.noClasses')}</p>
            ) : (
              months.map((month) => (
                <section key={month.key} aria-label={month.label}>
                  <h3 className="mb-1 text-sm font-semibold text-zinc-700 first-letter:uppercase dark:text-zinc-300">
                    {month.label} · {t('members.classCount', { count: month.rows.length })}
                  </h3>
                  <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                    {month.rows.map((row) => (
                      <li
                        key={row.sessionId}
                        className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
                      >
                        <Link to={`/session-details/${row.sessionId}`} className="underline-offset-2 hover:underline">
                          {formatDay(row.trainingDate, language)}
                          {row.description.trim() !== '' && ` · ${row.description}`}
                        </Link>
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">
                          {/* As the session list says it: an Active class whose time is over has ended. */}
                          {row.status === 'Active' && hasSessionEnded(row, now)
                            ? t('sessions.list.ended')
                            : t(`sessions.statuses.${row.status}`)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            )}
          </Card>
          <div className="grid items-start gap-6 md:grid-cols-2">
            <ProgressHistory member={member} />
          </div>
        </div>

        <div className={cn('flex flex-col gap-6', merging && 'lg:col-start-3 lg:row-start-2')}>
          {member.dossier && <Dossier dossier={member.dossier} />}
          {isInstructor && member.dossier && <PromotionForm member={member} />}
          <WeighInForm member={member} />
          <Card className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">{t('members.videos')}</h2>
            {member.videos.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.noVideos')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {member.videos.map((video) => (
                  <li key={video.id}>
                    <Link
                      to={`/video-review/${video.id}`}
                      className="inline-flex items-center gap-2 text-sm underline-offset-2 hover:underline"
                    >
                      <Video className="h-4 w-4" aria-hidden />
                      {video.description.trim() || formatDay(video.uploadTimestamp, language)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {isInstructor && !member.isWalkIn && <ResetLinkCard fighterId={fighter.id} />}
        </div>
      </div>
    </div>
  );
}
