import type { TechniqueSearchResult } from '@openmat/contract/coaching';
import { ExternalLink, Info, PlayCircle, Search, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { Spinner } from '@/components/ui/spinner';
import { TechniqueSearchError, useTechniqueSearch } from '@/features/coach/api/search-techniques';
import { safeUrl } from './safe-url';
import { VideoPlayDialog } from './video-play-dialog';

/**
 * The name of the search service in the message '<search service> search failed: <body>': the app's own
 * search (it asks YouTube and the academy's clips), a name in every language.
 */
const SEARCH_SERVICE = 'OpenMat';

export interface TechniqueSearchDialogProps {
  sessionId: number;
  techniqueName: string;
}

/**
 * The 'Search Videos' action of one technique and its dialog: videos (each with a play modal), free
 * resources and paid resources with their relevance. The search runs when the dialog first opens.
 */
export function TechniqueSearchDialog({ sessionId, techniqueName }: TechniqueSearchDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      widthClass="max-w-3xl"
      title={t('coach.search.title', { technique: techniqueName })}
      description={t('coach.search.description')}
      closeLabel={t('coach.search.close')}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('coach.search.openLabel', { technique: techniqueName })}>
          <Search className="h-4 w-4" aria-hidden />
          {t('coach.search.open')}
        </Button>
      }
    >
      <SearchResults sessionId={sessionId} techniqueName={techniqueName} enabled={open} />
    </DialogFrame>
  );
}

function SearchResults({ sessionId, techniqueName, enabled }: TechniqueSearchDialogProps & { enabled: boolean }) {
  const { t } = useTranslation();
  const search = useTechniqueSearch(sessionId, techniqueName, { enabled });

  if (search.isPending) {
    return (
      <p className="flex items-center gap-2 py-8 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner label={t('coach.search.loading')} />
        <span aria-hidden>{t('coach.search.loading')}</span>
      </p>
    );
  }
  if (search.isError) {
    const error = search.error;
    const parse = error instanceof TechniqueSearchError && error.kind === 'parse';
    const body = error instanceof TechniqueSearchError ? error.detail : error.message;
    return (
      <Alert icon={TriangleAlert} title={parse ? t('coach.search.parseFailed') : undefined}>
        <p>{parse ? t('coach.search.invalidJson') : t('coach.search.failed', { service: SEARCH_SERVICE, body })}</p>
        <div className="pt-2">
          <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
            {t('coach.tryAgain')}
          </Button>
        </div>
      </Alert>
    );
  }
  return <ResultSections result={search.data} />;
}

function ResultSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-base font-semibold">
        {title} <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">({count})</span>
      </h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
    >
      {children}
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('coach.search.newTab')}</span>
    </a>
  );
}

/** The moments of the academy's own analysed videos where the technique happened, each opening the review there. */
function AcademyClips({ clips }: { clips: NonNullable<TechniqueSearchResult['academy_clips']> }) {
  const { t } = useTranslation();
  return (
    <ResultSection title={t('coach.search.academy')} count={clips.length}>
      {clips.length === 0 ? (
        <Empty>{t('coach.search.noAcademy')}</Empty>
      ) : (
        <ul className="flex flex-col gap-3">
          {clips.map((clip) => (
            <li
              key={`${clip.video_id}-${clip.start_timestamp}-${clip.technique_name}`}
              className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{clip.title}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {[
                    clip.fighter_name,
                    t('coach.search.clipMoment', {
                      technique: clip.technique_name,
                      start: clip.start_timestamp,
                      end: clip.end_timestamp,
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <Button asChild variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto">
                <Link
                  to={`/video-review/${clip.video_id}?t=${clip.start_seconds}`}
                  aria-label={t('coach.search.watchFromLabel', { title: clip.title, time: clip.start_timestamp })}
                >
                  <PlayCircle className="h-4 w-4" aria-hidden />
                  {t('coach.search.watchFrom', { time: clip.start_timestamp })}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ResultSection>
  );
}

function ResultSections({ result }: { result: TechniqueSearchResult }) {
  const { t, i18n } = useTranslation();
  const published = (date: string) => {
    const parsed = new Date(date);
    return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  };
  const freeLinks = result.free_videos.map((item) => ({ ...item, href: safeUrl(item.link) }));
  const paidLinks = result.paid_resources.map((item) => ({ ...item, href: safeUrl(item.web_link) }));

  return (
    <div className="flex flex-col gap-6">
      {result.academy_clips && <AcademyClips clips={result.academy_clips} />}
      <ResultSection title={t('coach.search.videos')} count={result.youtube_videos.length}>
        {result.notice && (
          <p
            role="note"
            className="flex items-start gap-2 rounded-md bg-zinc-100 p-3 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {result.notice}
          </p>
        )}
        {result.youtube_videos.length === 0 ? (
          // The server's notice already says why there are none (e.g. no YouTube search on this server).
          !result.notice && <Empty>{t('coach.search.noVideos')}</Empty>
        ) : (
          <ul className="flex flex-col gap-3">
            {result.youtube_videos.map((video) => {
              const embed = safeUrl(video.embed_link);
              return (
                <li
                  key={video.video_id}
                  className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{video.title}</p>
                    {video.publication_date && (
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">
                        {t('coach.search.published', { date: published(video.publication_date) })}
                      </p>
                    )}
                    {video.description && (
                      <p className="mt-1 line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{video.description}</p>
                    )}
                  </div>
                  {embed ? (
                    <VideoPlayDialog title={video.title} embedLink={embed} />
                  ) : (
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('coach.search.notPlayable')}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </ResultSection>

      <ResultSection title={t('coach.search.free')} count={result.free_videos.length}>
        {freeLinks.length === 0 ? (
          <Empty>{t('coach.search.noFree')}</Empty>
        ) : (
          <ul className="flex flex-col gap-2">
            {freeLinks.map((item) => (
              <li key={`${item.title}-${item.link}`} className="break-words">
                {item.href ? <NewTabLink href={item.href}>{item.title}</NewTabLink> : item.title}
              </li>
            ))}
          </ul>
        )}
      </ResultSection>

      <ResultSection title={t('coach.search.paid')} count={result.paid_resources.length}>
        {paidLinks.length === 0 ? (
          <Empty>{t('coach.search.noPaid')}</Empty>
        ) : (
          <ul className="flex flex-col gap-3">
            {paidLinks.map((item) => (
              <li
                key={`${item.title}-${item.web_link}`}
                className="flex flex-col gap-1 rounded-lg border border-zinc-200 p-3 break-words dark:border-zinc-800"
              >
                {item.href ? (
                  <NewTabLink href={item.href}>{item.title}</NewTabLink>
                ) : (
                  <p className="font-medium">{item.title}</p>
                )}
                {item.description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{item.description}</p>}
                <p className="text-sm">
                  <span className="font-medium">{t('coach.search.relevance')}</span> {item.relevance}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ResultSection>
    </div>
  );
}
