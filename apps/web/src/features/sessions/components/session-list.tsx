import type { ReactNode } from 'react';
import type { TrainingSession } from '@openmat/contract/sessions';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingStatus, TableHeaderCell, TableStateRow } from '@/components/ui/data-table';
import { TablePager } from '@/components/ui/table-pager';
import { usePastSessions } from '@/features/sessions/api/get-past-sessions';
import { useSessions } from '@/features/sessions/api/get-sessions';
import { cn } from '@/lib/cn';
import { MyCheckIns } from './my-check-ins';
import { SessionCards } from './session-cards';
import { hasSessionEnded } from './session-schedule';
import { sessionColumns } from './session-table-columns';
import { useNow } from './use-now';

/** The table shows ten sessions a page. */
export const SESSION_PAGE_SIZE = 10;
const FIRST_PAGE = 0;

const NO_SESSIONS: TrainingSession[] = [];

/**
 * Between md and lg the table may be wider than the screen: the Actions column then stays pinned to
 * the right edge, so that Check-In and Manage never scroll out of view. Its backgrounds are opaque
 * versions of the row's, since the columns scroll underneath it.
 */
const PINNED_COLUMN = 'actions';
// Pinned at every width: longer labels (Polish) make the table wider than the screen even on a desktop.
const PINNED = 'sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)] dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.6)]';
const PINNED_HEAD = cn(
  PINNED,
  'bg-zinc-50 dark:bg-[color-mix(in_oklab,var(--color-zinc-950)_40%,var(--color-zinc-900))]',
);
const PINNED_BODY = cn(
  PINNED,
  'bg-white group-hover:bg-zinc-50 dark:bg-zinc-900 dark:group-hover:bg-[color-mix(in_oklab,var(--color-zinc-800)_40%,var(--color-zinc-900))]',
);

/**
 * The sessions that have not ended yet (in progress included) and those that have. Only which sessions
 * have ended matters: the two lists keep their identity from one minute to the next, so that a table
 * does not sort and page its rows again every time the clock ticks.
 */
function useSplitSessions(sessions: TrainingSession[], now: number) {
  const endedKey = sessions
    .filter((session) => hasSessionEnded(session, now))
    .map((session) => session.id)
    .join(',');
  return useMemo(() => {
    const ended = new Set(endedKey === '' ? [] : endedKey.split(','));
    const upcoming: TrainingSession[] = [];
    const past: TrainingSession[] = [];
    for (const session of sessions) (ended.has(String(session.id)) ? past : upcoming).push(session);
    return { upcoming, past };
  }, [sessions, endedKey]);
}

interface SessionSectionProps {
  title: string;
  lead?: string;
  sessions: TrainingSession[];
  isPending: boolean;
  isError: boolean;
  isStudent: boolean;
  /** The signed-in user's fighter id: whose sessions they are, and which ones a student is checked in to. */
  fighterId: number | null;
  /** The sessions here have ended: they read Ended, and students see Ended instead of Check-In. */
  ended: boolean;
  paginationLabel: string;
  /** Show Previous and Next even when everything fits on one page. */
  alwaysPaginate: boolean;
  t: TFunction;
  language: string;
}

/**
 * One box of sessions: a sortable, paged table from the `md` breakpoint on and, below it, the same page
 * of sessions as cards (same sorting and paging), so that a phone never has to swipe sideways.
 */
function SessionSection({
  title,
  lead,
  sessions,
  isPending,
  isError,
  isStudent,
  fighterId,
  ended,
  paginationLabel,
  alwaysPaginate,
  t,
  language,
}: SessionSectionProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: FIRST_PAGE,
    pageSize: SESSION_PAGE_SIZE,
  });
  const titleId = useId();

  // New data (a refetch, older sessions shown) keeps the reader on their page, or moves them to the last
  // one if the list got shorter; only a new sort order starts again from the first page.
  const lastPage = Math.max(FIRST_PAGE, Math.ceil(sessions.length / pagination.pageSize) - 1);
  if (pagination.pageIndex > lastPage) setPagination({ ...pagination, pageIndex: lastPage });

  const columns = useMemo(
    () => sessionColumns({ t, language, isStudent, fighterId, ended }),
    [t, language, isStudent, fighterId, ended],
  );
  const table = useReactTable({
    data: sessions,
    columns,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((current) => ({ ...current, pageIndex: FIRST_PAGE }));
    },
    onPaginationChange: setPagination,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // The first click sorts ascending, numbers included.
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const pageCount = Math.max(1, table.getPageCount());

  return (
    <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>}
        </div>
        {/* From md to lg the table may still be wider than the screen; below md the cards show instead. */}
        {!isError && (
          <p className="hidden text-xs text-zinc-500 md:block lg:hidden dark:text-zinc-400">
            {t('sessions.list.scrollHint')}
          </p>
        )}
      </div>

      {isError ? (
        <Alert className="m-4" title={t('sessions.list.error')} />
      ) : (
        <>
          <SessionCards
            className="md:hidden"
            sessions={rows.map((row) => row.original)}
            labelledBy={titleId}
            isPending={isPending}
            isStudent={isStudent}
            fighterId={fighterId}
            ended={ended}
            t={t}
            language={language}
          />

          {/* The table scrolls sideways inside its own box if the screen is narrow; the page itself never does. */}
          <div
            role="region"
            aria-labelledby={titleId}
            tabIndex={0}
            className="relative hidden overflow-x-auto focus-visible:outline-2 md:block"
          >
            <table aria-labelledby={titleId} aria-busy={isPending} className="w-full min-w-[56rem] text-sm">
              <thead className="bg-zinc-50 dark:bg-zinc-950/40">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <TableHeaderCell
                        key={header.id}
                        header={header}
                        className={header.column.id === PINNED_COLUMN ? PINNED_HEAD : undefined}
                      />
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {isPending ? (
                  <TableStateRow colSpan={columnCount}>
                    <LoadingStatus label={t('sessions.list.loading')} />
                  </TableStateRow>
                ) : rows.length === 0 ? (
                  <TableStateRow colSpan={columnCount}>{t('sessions.list.empty')}</TableStateRow>
                ) : (
                  rows.map((row) => (
                    <tr key={row.id} className="group hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                      {row.getVisibleCells().map((cell) => (
                        <td
                          key={cell.id}
                          className={cn(
                            'px-3 py-3 align-middle text-zinc-800 dark:text-zinc-200',
                            cell.column.id === PINNED_COLUMN && PINNED_BODY,
                          )}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>

          {(alwaysPaginate || pageCount > 1) && (
            <TablePager
              table={table}
              texts={{
                label: paginationLabel,
                pageOf: t('sessions.list.pagination.pageOf', {
                  page: table.getState().pagination.pageIndex + 1,
                  total: pageCount,
                }),
                previous: t('sessions.list.pagination.previous'),
                next: t('sessions.list.pagination.next'),
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

/** The two views of the list, kept in the URL (`?view=past`). */
export type SessionView = 'upcoming' | 'past';

function ViewTabs({ view, onChange, t }: { view: SessionView; onChange: (view: SessionView) => void; t: TFunction }) {
  const views: SessionView[] = ['upcoming', 'past'];
  return (
    <div
      role="tablist"
      aria-label={t('sessions.list.views.label')}
      className="inline-flex rounded-lg border border-zinc-200 bg-zinc-100 p-1 dark:border-zinc-800 dark:bg-zinc-900"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const next = view === 'upcoming' ? 'past' : 'upcoming';
        onChange(next);
        setTimeout(() => document.getElementById(`session-view-${next}`)?.focus(), 0);
      }}
    >
      {views.map((name) => (
        <button
          key={name}
          id={`session-view-${name}`}
          type="button"
          role="tab"
          aria-selected={view === name}
          tabIndex={view === name ? 0 : -1}
          onClick={() => onChange(name)}
          className={cn(
            'min-h-10 rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2',
            view === name
              ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-zinc-50'
              : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
          )}
        >
          {t(`sessions.list.views.${name}`)}
        </button>
      ))}
    </div>
  );
}

/** What the Upcoming and Past views are given: who reads them, and in which language. */
interface ViewProps {
  isStudent: boolean;
  fighterId: number | null;
  t: TFunction;
  language: string;
}

/**
 * The Past view: every session that has ended, newest first, paged on the server (20 at a time, the
 * `Link` header leads to older ones); closed sessions show their status.
 */
function PastSessions({ isStudent, fighterId, t, language }: ViewProps) {
  const [before] = useState(() => new Date().toISOString());
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = usePastSessions(
    before,
    true,
  );
  const started = useMemo(() => data?.pages.flatMap((page) => page.sessions) ?? NO_SESSIONS, [data]);
  // A class still in progress started before the page was opened, but it is not past: it stays with the
  // upcoming ones, open for check-in, and joins this view once it has ended.
  const { past: sessions } = useSplitSessions(started, useNow());

  useEffect(() => {
    if (isError) console.error('Error fetching training sessions', error);
  }, [isError, error]);

  return (
    <div className="space-y-4">
      <SessionSection
        title={t('sessions.list.past.viewTitle')}
        lead={t('sessions.list.past.viewLead')}
        sessions={sessions}
        isPending={isPending}
        isError={isError}
        isStudent={isStudent}
        fighterId={fighterId}
        ended
        paginationLabel={t('sessions.list.past.paginationLabel')}
        alwaysPaginate={false}
        t={t}
        language={language}
      />
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('sessions.list.past.loadingOlder') : t('sessions.list.past.loadOlder')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The session list (spec section 2, Session list), in two views kept in the URL. Upcoming: the
 * training sessions from yesterday on (at most 100, see get-sessions.ts); those that have not ended
 * yet fill the Active Training Sessions box, those that have ended sit apart below it, where students
 * can no longer check in. Past: every earlier session, newest first, paged on the server. Each box is
 * a sortable, paged table on a wide screen and a list of cards on a phone. Students check in to a
 * session; instructors edit and manage them and create new ones.
 */
/**
 * The session list under its heading. `week` (this week's timetable, from the page that composes it)
 * shows between the heading and the Upcoming/Past tabs: the week is what people look for first.
 */
export function SessionList({
  isStudent,
  fighterId = null,
  week,
}: {
  isStudent: boolean;
  fighterId?: number | null;
  week?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: SessionView = params.get('view') === 'past' ? 'past' : 'upcoming';
  const language = i18n.language;
  const hintId = useId();

  function changeView(next: SessionView) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'past') updated.set('view', 'past');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title={t('sessions.list.heading')}
        lead={t('sessions.list.lead')}
        action={
          <div className="flex shrink-0 flex-col gap-1.5 sm:items-end">
            {isStudent ? (
              <>
                <Button disabled aria-describedby={hintId}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('sessions.list.createNew')}
                </Button>
                <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t('sessions.list.createNewStudentHint')}
                </p>
              </>
            ) : (
              <Button asChild>
                <Link to="/create-session">
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('sessions.list.createNew')}
                </Link>
              </Button>
            )}
          </div>
        }
      />
      {week}
      <ViewTabs view={view} onChange={changeView} t={t} />
      <div role="tabpanel" aria-labelledby={`session-view-${view}`} className="space-y-8">
        {view === 'past' ? (
          <PastSessions isStudent={isStudent} fighterId={fighterId} t={t} language={language} />
        ) : (
          <UpcomingSessions isStudent={isStudent} fighterId={fighterId} t={t} language={language} />
        )}
      </div>
    </div>
  );
}

/** The Upcoming view: the window from yesterday on, split into what has not ended and what has. */
function UpcomingSessions({ isStudent, fighterId, t, language }: ViewProps) {
  const { data, isPending, isError, error } = useSessions();
  const now = useNow();
  const { upcoming, past } = useSplitSessions(data ?? NO_SESSIONS, now);

  useEffect(() => {
    if (isError) console.error('Error fetching training sessions', error);
  }, [isError, error]);

  return (
    <>
      {isStudent && fighterId !== null && !isError && (
        <MyCheckIns sessions={upcoming} fighterId={fighterId} now={now} />
      )}

      <SessionSection
        title={t('sessions.list.tableTitle')}
        sessions={upcoming}
        isPending={isPending}
        isError={isError}
        isStudent={isStudent}
        fighterId={fighterId}
        ended={false}
        paginationLabel={t('sessions.list.pagination.label')}
        alwaysPaginate
        t={t}
        language={language}
      />

      {!isError && past.length > 0 && (
        <SessionSection
          title={t('sessions.list.past.title')}
          lead={t('sessions.list.past.lead')}
          sessions={past}
          isPending={false}
          isError={false}
          isStudent={isStudent}
          fighterId={fighterId}
          ended
          paginationLabel={t('sessions.list.past.paginationLabel')}
          alwaysPaginate={false}
          t={t}
          language={language}
        />
      )}
    </>
  );
}
