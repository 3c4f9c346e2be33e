import {
  KIDS_BELTS,
  MemberBeltFilter,
  RANK_BELTS,
  type MemberSort,
  type MemberSummary,
} from '@openmat/contract/members';
import { ArrowDown, ArrowUp, Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { FormField } from '@/components/forms/form-field';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { LoadingStatus, TableStateRow } from '@/components/ui/data-table';
import { SearchInput } from '@/components/ui/search-input';
import { Pager } from '@/components/ui/table-pager';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { showToast } from '@/components/ui/toast-store';
import { exportMembers } from '@/features/members/api/export-members';
import { MEMBER_PAGE_SIZE, useMembers, type MemberListParams } from '@/features/members/api/get-members';
import { beltLabel, formatDay } from './member-format';

const KIDS: ReadonlySet<string> = new Set(KIDS_BELTS);
const COLUMNS: MemberSort[] = ['name', 'belt', 'recent', 'total', 'lastAttended'];
const SORTS = new Set<string>(COLUMNS);
const isSort = (value: string | null): value is MemberSort => value !== null && SORTS.has(value);
const isBelt = (value: string | null): value is MemberBeltFilter =>
  value !== null && MemberBeltFilter.safeParse(value).success;

/** The screen's search, filters, sort and page, kept in the URL so that a reload or a link keeps them. */
function useMemberParams(): [MemberListParams, (change: Partial<MemberListParams>) => void] {
  const [url, setUrl] = useSearchParams();
  const sort = url.get('sort');
  const belt = url.get('belt');
  const params: MemberListParams = {
    search: url.get('search') ?? '',
    belt: isBelt(belt) ? belt : '',
    notSeen: url.get('notSeen') === 'true',
    ready: url.get('ready') === 'true',
    sort: isSort(sort) ? sort : 'name',
    order: url.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(url.get('page')) || 1),
  };
  const update = (change: Partial<MemberListParams>) => {
    const next = { ...params, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.search !== '') query.set('search', next.search);
    if (next.belt !== '') query.set('belt', next.belt);
    if (next.notSeen) query.set('notSeen', 'true');
    if (next.ready) query.set('ready', 'true');
    if (next.sort !== 'name') query.set('sort', next.sort);
    if (next.order !== 'asc') query.set('order', next.order);
    if (next.page > 1) query.set('page', String(next.page));
    setUrl(query, { replace: true });
  };
  return [params, update];
}

/**
 * /members (instructors, issue 21): everyone who has been on the roster of one of their sessions, with
 * belt, classes in the last 30 days and in total, and the last class; search, belt and "not seen for 14
 * days" filters, sorting by each column, paging and a CSV export of what the filters match.
 */
export function MembersScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [params, update] = useMemberParams();
  const [search, setSearch] = useState(params.search);
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useMembers(params);
  const [exporting, setExporting] = useState(false);
  const titleId = useId();
  const searchId = useId();
  const beltId = useId();
  const sortId = useId();

  useEffect(() => {
    if (isError) console.error('Error fetching members', error);
  }, [isError, error]);

  // The search is sent a moment after the typing stops.
  useEffect(() => {
    if (search === params.search) return;
    const timer = setTimeout(() => update({ search }), 300);
    return () => clearTimeout(timer);
  });

  async function onExport() {
    setExporting(true);
    try {
      await exportMembers(params, language);
    } catch (failure) {
      console.error('Failed to export members', failure);
      showToast({ title: t('members.exportFailed'), tone: 'error' });
    } finally {
      setExporting(false);
    }
  }

  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const members = data?.members ?? [];
  const filtered = params.search !== '' || params.belt !== '' || params.notSeen || params.ready === true;
  // A page past the last (an old link, or members gone since) shows the last page instead of an empty one.
  const pastTheEnd = data !== undefined && !isPlaceholderData && total > 0 && params.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) update({ page: pageCount });
  });

  function sortBy(column: MemberSort) {
    update({ sort: column, order: params.sort === column && params.order === 'asc' ? 'desc' : 'asc' });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('members.heading')}
        lead={t('members.lead')}
        action={
          <Button variant="secondary" disabled={exporting} onClick={() => void onExport()}>
            <Download className="h-4 w-4" aria-hidden />
            {exporting ? t('members.exporting') : t('members.export')}
          </Button>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FormField id={searchId} label={t('members.search')} className="sm:w-72">
          <SearchInput
            id={searchId}
            value={search}
            placeholder={t('members.searchPlaceholder')}
            onValueChange={setSearch}
          />
        </FormField>
        <FormField id={beltId} label={t('members.beltFilter')} className="sm:w-48">
          <Select
            id={beltId}
            value={params.belt}
            onChange={(event) => update({ belt: isBelt(event.target.value) ? event.target.value : '' })}
          >
            <option value="">{t('members.allBelts')}</option>
            <option value="None">{t('sessionDetails.unranked')}</option>
            <optgroup label={t('members.adultBelts')}>
              {RANK_BELTS.filter((belt) => !KIDS.has(belt)).map((belt) => (
                <option key={belt} value={belt}>
                  {t(`members.rankBelts.${belt}`)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('members.kidsBelts')}>
              {KIDS_BELTS.map((belt) => (
                <option key={belt} value={belt}>
                  {t(`members.rankBelts.${belt}`)}
                </option>
              ))}
            </optgroup>
          </Select>
        </FormField>
        {/* On a phone the table's headers are hidden (each row is a card), so the order is chosen here. */}
        <FormField id={sortId} label={t('members.sortBy')} className="md:hidden">
          <Select
            id={sortId}
            value={`${params.sort}:${params.order}`}
            onChange={(event) => {
              const [sort = null, order] = event.target.value.split(':');
              if (isSort(sort)) update({ sort, order: order === 'desc' ? 'desc' : 'asc' });
            }}
          >
            {COLUMNS.flatMap((column) =>
              (['asc', 'desc'] as const).map((order) => (
                <option key={`${column}:${order}`} value={`${column}:${order}`}>
                  {t(`members.sortOrder.${order}`, { column: t(`members.columns.${column}`) })}
                </option>
              )),
            )}
          </Select>
        </FormField>
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-zinc-900 dark:accent-zinc-100"
            checked={params.notSeen}
            onChange={(event) => update({ notSeen: event.target.checked })}
          />
          {t('members.notSeen')}
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-zinc-900 dark:accent-zinc-100"
            checked={params.ready === true}
            onChange={(event) => update({ ready: event.target.checked })}
          />
          {t('members.ready')}
        </label>
      </div>

      <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id={titleId} className="border-b border-zinc-200 px-4 py-3 text-lg font-semibold dark:border-zinc-800">
          {/* The count once it is known: not while the list loads, nor when it failed to. */}
          {data ? t('members.tableTitle', { count: total }) : t('members.tableTitleUnknown')}
        </h2>
        {isError ? (
          <LoadFailure className="m-4" title={t('members.error')} onRetry={() => void refetch()} />
        ) : !isPending && total === 0 ? (
          // Outside the table, so that on a phone the message wraps in the card instead of the table's scroll width.
          <p className="px-4 py-10 text-center text-zinc-600 dark:text-zinc-400">
            {filtered ? t('members.empty') : t('members.none')}
          </p>
        ) : (
          <>
            <div
              role="region"
              aria-labelledby={titleId}
              tabIndex={0}
              className="overflow-x-auto focus-visible:outline-2"
            >
              {/* From md a table; on a phone each row is a card, each figure under its column's name. */}
              <table
                aria-labelledby={titleId}
                aria-busy={isPending || isPlaceholderData}
                className="w-full text-sm max-md:block md:min-w-[40rem]"
              >
                <thead className="bg-zinc-50 max-md:hidden dark:bg-zinc-950/40">
                  <tr>
                    {COLUMNS.map((column) => {
                      const active = params.sort === column;
                      const Arrow = params.order === 'asc' ? ArrowUp : ArrowDown;
                      return (
                        <th
                          key={column}
                          scope="col"
                          aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                          className="px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-300"
                        >
                          <button
                            type="button"
                            onClick={() => sortBy(column)}
                            className="inline-flex min-h-9 items-center gap-1 rounded hover:text-zinc-900 focus-visible:outline-2 dark:hover:text-zinc-50"
                          >
                            {t(`members.columns.${column}`)}
                            {active && <Arrow className="h-3.5 w-3.5" aria-hidden />}
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-200 max-md:block dark:divide-zinc-800">
                  {isPending ? (
                    <TableStateRow colSpan={COLUMNS.length}>
                      <LoadingStatus label={t('members.loading')} />
                    </TableStateRow>
                  ) : (
                    members.map((member) => <MemberRow key={member.fighterId} member={member} language={language} />)
                  )}
                </tbody>
              </table>
            </div>
            <Pager
              texts={{
                label: t('members.pagination'),
                pageOf: t('sessions.list.pagination.pageOf', { page: params.page, total: pageCount }),
                previous: t('sessions.list.pagination.previous'),
                next: t('sessions.list.pagination.next'),
              }}
              canPrevious={params.page > 1}
              canNext={params.page < pageCount}
              onPrevious={() => update({ page: params.page - 1 })}
              onNext={() => update({ page: params.page + 1 })}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** A figure's cell: its column's name above it on a phone, where the table's header is hidden. */
const FIGURE_CELL = 'px-3 py-3 max-md:flex max-md:flex-col max-md:p-0';

function CellLabel({ column }: { column: MemberSort }) {
  const { t } = useTranslation();
  return (
    <span aria-hidden className="text-xs text-zinc-600 md:hidden dark:text-zinc-400">
      {t(`members.columns.${column}`)}
    </span>
  );
}

function MemberRow({ member, language }: { member: MemberSummary; language: string }) {
  const { t } = useTranslation();
  return (
    <tr className="hover:bg-zinc-50 max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2 max-md:px-4 max-md:py-3 dark:hover:bg-zinc-800/40">
      <td className="px-3 py-3 [overflow-wrap:anywhere] max-md:col-span-2 max-md:p-0">
        <Link
          to={`/members/${member.fighterId}`}
          className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-400"
        >
          {member.fighterName}
        </Link>
        {member.isWalkIn && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs whitespace-nowrap text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
            {t('sessionDetails.walkIn')}
          </span>
        )}
      </td>
      <td className={cn(FIGURE_CELL, 'md:whitespace-nowrap')}>
        <CellLabel column="belt" />
        {beltLabel(member.beltColor, t, member.stripes)}
      </td>
      <td className={cn(FIGURE_CELL, 'tabular-nums')}>
        <CellLabel column="recent" />
        {member.classesLast30Days}
      </td>
      <td className={cn(FIGURE_CELL, 'tabular-nums')}>
        <CellLabel column="total" />
        {member.classesTotal}
      </td>
      <td className={cn(FIGURE_CELL, 'md:whitespace-nowrap')}>
        <CellLabel column="lastAttended" />
        {member.lastAttended ? formatDay(member.lastAttended, language) : t('members.never')}
      </td>
    </tr>
  );
}
