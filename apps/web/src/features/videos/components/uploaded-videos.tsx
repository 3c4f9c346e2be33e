import type { UploadedVideo } from '@openmat/contract/videos';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
} from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/errors/load-failure';
import { CardList, LoadingStatus, TableHeaderCell, TableStateRow } from '@/components/ui/data-table';
import { TablePager } from '@/components/ui/table-pager';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';
import { useUploadedVideos } from '../api/get-uploaded-videos';
import { AnalysisStatusLine } from './analysis-status';
import { VideoActions } from './video-actions';
import { formatDateTime } from './video-format';
import { VideoPoster } from './video-poster';

/** The table shows ten videos a page (spec section 9). */
export const VIDEO_PAGE_SIZE = 10;
const FIRST_PAGE = 0;
const NO_VIDEOS: UploadedVideo[] = [];

function Description({ video, t }: { video: UploadedVideo; t: TFunction }) {
  const description = video.description.trim();
  return (
    <div className="min-w-0">
      {description === '' ? (
        <p className="text-zinc-500 italic dark:text-zinc-400">{t('videos.list.noDescription')}</p>
      ) : (
        <p className="line-clamp-2 break-words" title={description}>
          {description}
        </p>
      )}
      <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
        {t('videos.list.student', { student: video.studentIdentifier })}
      </p>
      <AnalysisStatusLine analysis={video.analysis} />
    </div>
  );
}

function videoColumns(t: TFunction, language: string): ColumnDef<UploadedVideo>[] {
  return [
    {
      id: 'poster',
      header: () => <span className="sr-only">{t('videos.list.columns.poster')}</span>,
      cell: ({ row }) => <VideoPoster video={row.original} className="w-28" />,
    },
    {
      id: 'description',
      header: t('videos.list.columns.description'),
      cell: ({ row }) => <Description video={row.original} t={t} />,
    },
    {
      id: 'uploadedAt',
      header: t('videos.list.columns.uploadedAt'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.uploadTimestamp, language)}</span>
      ),
    },
    {
      id: 'martialArt',
      header: t('videos.list.columns.martialArt'),
      cell: ({ row }) => t(`videos.martialArts.${row.original.martialArt}`),
    },
    {
      id: 'uploadedBy',
      header: t('videos.list.columns.uploadedBy'),
      cell: ({ row }) => <span className="break-words">{row.original.fighterName}</span>,
    },
    {
      id: 'actions',
      header: t('videos.list.columns.actions'),
      cell: ({ row }) => <VideoActions video={row.original} />,
    },
  ];
}

/** The videos of the page as cards, for a phone: poster on top, then the facts and the actions. */
function VideoCards({
  videos,
  labelledBy,
  isPending,
  t,
  language,
  className,
}: {
  videos: UploadedVideo[];
  labelledBy: string;
  isPending: boolean;
  t: TFunction;
  language: string;
  className?: string;
}) {
  return (
    <CardList
      items={videos}
      itemKey={(video) => video.id}
      renderItem={(video) => (
        <article
          aria-label={video.description.trim() || video.studentIdentifier}
          className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
        >
          <VideoPoster video={video} className="w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Description video={video} t={t} />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-zinc-500 dark:text-zinc-400">{t('videos.list.columns.uploadedAt')}</dt>
              <dd className="tabular-nums">{formatDateTime(video.uploadTimestamp, language)}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t('videos.list.columns.martialArt')}</dt>
              <dd>{t(`videos.martialArts.${video.martialArt}`)}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t('videos.list.columns.uploadedBy')}</dt>
              <dd className="break-words">{video.fighterName}</dd>
            </dl>
            <VideoActions video={video} layout="card" />
          </div>
        </article>
      )}
      labelledBy={labelledBy}
      isPending={isPending}
      loading={<LoadingStatus label={t('videos.list.loading')} />}
      empty={t('videos.list.empty')}
      className={className}
    />
  );
}

/**
 * The uploaded videos of /video-analysis (spec section 2): poster, description, uploaded at, martial
 * art, uploaded by and the actions, ten a page. From the `md` breakpoint on it is a table; below it
 * the same page of videos shows as cards.
 */
export function UploadedVideos() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  const { data, isPending, isError, error, refetch } = useUploadedVideos();
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: FIRST_PAGE, pageSize: VIDEO_PAGE_SIZE });
  const columns = useMemo(() => videoColumns(t, language), [t, language]);
  const table = useReactTable({
    data: data ?? NO_VIDEOS,
    columns,
    state: { pagination },
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // A deleted video must not send the user back to the first page.
    autoResetPageIndex: false,
  });
  const rows = table.getRowModel().rows;
  const pageCount = Math.max(1, table.getPageCount());
  const columnCount = table.getVisibleLeafColumns().length;

  // After a delete the last page may be gone: show the one before it.
  useEffect(() => {
    if (pagination.pageIndex > pageCount - 1) table.setPageIndex(pageCount - 1);
  }, [pagination.pageIndex, pageCount, table]);

  useEffect(() => {
    if (isError) console.error('Error fetching uploaded videos', error);
  }, [isError, error]);

  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {t('videos.list.title')}
        </h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">{t('videos.list.lead')}</p>
      </div>

      {isError ? (
        <LoadFailure
          className="m-4"
          title={t('videos.list.error', { body: errorText(error).body })}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          <VideoCards
            className="md:hidden"
            videos={rows.map((row) => row.original)}
            labelledBy={titleId}
            isPending={isPending}
            t={t}
            language={language}
          />
          <div
            role="region"
            aria-labelledby={titleId}
            tabIndex={0}
            className="hidden overflow-x-auto focus-visible:outline-2 md:block"
          >
            <table aria-labelledby={titleId} aria-busy={isPending} className="w-full min-w-[52rem] text-sm">
              <thead className="bg-zinc-50 dark:bg-zinc-950/40">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <TableHeaderCell key={header.id} header={header} className="whitespace-nowrap" />
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {isPending ? (
                  <TableStateRow colSpan={columnCount}>
                    <LoadingStatus label={t('videos.list.loading')} />
                  </TableStateRow>
                ) : rows.length === 0 ? (
                  <TableStateRow colSpan={columnCount}>{t('videos.list.empty')}</TableStateRow>
                ) : (
                  rows.map((row) => (
                    <tr key={row.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                      {row.getVisibleCells().map((cell) => (
                        <td
                          key={cell.id}
                          className={cn(
                            'px-3 py-3 align-middle text-zinc-800 dark:text-zinc-200',
                            cell.column.id === 'description' && 'max-w-xs',
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

          {pageCount > 1 && (
            <TablePager
              table={table}
              texts={{
                label: t('videos.list.pagination.label'),
                pageOf: t('videos.list.pagination.pageOf', { page: pagination.pageIndex + 1, total: pageCount }),
                previous: t('videos.list.pagination.previous'),
                next: t('videos.list.pagination.next'),
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
