import type {
  AnalysisComment,
  AnalysisDrawing,
  AnalysisPosition,
  AnalysisTechnique,
  PositionSegment,
} from '@openmat/contract/analysis';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatClock } from '../video-format';
import { RibbonEditor } from './ribbon-editor';
import { markerTime, releaseOutcome, timeAt, type RibbonBand, type Selection } from './timeline-model';

/** A colour per position for the ribbon, the same in both themes so the legend reads alike. */
export const POSITION_COLOURS: Record<AnalysisPosition, string> = {
  standing: 'bg-slate-400',
  'closed-guard': 'bg-sky-500',
  'open-guard': 'bg-cyan-400',
  'half-guard': 'bg-teal-500',
  'side-control': 'bg-amber-500',
  mount: 'bg-orange-600',
  back: 'bg-red-600',
  'knee-on-belly': 'bg-yellow-400',
  turtle: 'bg-violet-500',
  scramble: 'bg-fuchsia-400',
  // A stretch the analyser could not read: neutral and striped, so it never passes for a position.
  unclear: 'bg-stone-300 bg-[repeating-linear-gradient(45deg,transparent_0_4px,rgb(0_0_0/0.12)_4px_8px)]',
};

export interface ReviewTimelineProps {
  duration: number;
  currentTime: number;
  techniques: readonly AnalysisTechnique[];
  timeline: readonly PositionSegment[];
  selection: Selection | null;
  /** The coach's comments, as markers. */
  comments?: readonly AnalysisComment[];
  /** The coach's drawings on paused frames, as markers. */
  drawings?: readonly AnalysisDrawing[];
  /** Given for an editor: the ribbon can be relabelled, split and its boundaries moved. */
  onTimelineChange?: ((timeline: RibbonBand[]) => void) | undefined;
  busy?: boolean;
  onSeek: (time: number) => void;
  onSelect: (selection: Selection) => void;
}

const percent = (time: number, duration: number) => `${duration > 0 ? (100 * time) / duration : 0}%`;

/**
 * The timeline under the player: click (or right-click) to seek, drag to select a stretch (5 px tells a
 * click from a drag), technique markers, and the position ribbon with its legend, so the whole roll
 * reads at a glance.
 */
export function ReviewTimeline({
  duration,
  currentTime,
  techniques,
  timeline,
  selection,
  comments = [],
  drawings = [],
  onTimelineChange,
  busy = false,
  onSeek,
  onSelect,
}: ReviewTimelineProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [press, setPress] = useState<{ downX: number; x: number } | null>(null);

  const xOf = (event: { clientX: number }) => {
    const box = bar.current?.getBoundingClientRect();
    return { x: box ? event.clientX - box.left : 0, width: box?.width ?? 0 };
  };

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button === 2) return;
    const { x } = xOf(event);
    event.currentTarget.setPointerCapture(event.pointerId);
    setPress({ downX: x, x });
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (press) setPress({ ...press, x: xOf(event).x });
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!press) return;
    const { x, width } = xOf(event);
    const outcome = releaseOutcome(press.downX, x, width, duration);
    setPress(null);
    if (outcome.kind === 'seek') onSeek(outcome.time);
    else onSelect(outcome.selection);
  }

  /** The slider's keys, as a slider's are: arrows a second (five with Shift), Page keys ten, Home and End the ends. */
  function onSliderKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 5 : 1;
    const to: Record<string, number> = {
      ArrowLeft: currentTime - step,
      ArrowDown: currentTime - step,
      ArrowRight: currentTime + step,
      ArrowUp: currentTime + step,
      PageDown: currentTime - 10,
      PageUp: currentTime + 10,
      Home: 0,
      End: duration,
    };
    const time = to[event.key];
    if (time === undefined) return;
    // The page's own arrow keys step frames; on the focused timeline they move the playhead as a slider's do.
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.min(duration, Math.max(0, time)));
  }

  const width = bar.current?.getBoundingClientRect().width ?? 0;
  const preview =
    press && Math.abs(press.x - press.downX) >= 5
      ? {
          start: timeAt(Math.min(press.x, press.downX), width, duration),
          end: timeAt(Math.max(press.x, press.downX), width, duration),
        }
      : null;
  const shown = preview ?? selection;
  const positions = [...new Set(timeline.map((segment) => segment.position))];

  return (
    <div className="space-y-2">
      <div
        ref={bar}
        role="slider"
        tabIndex={0}
        aria-label={t('videos.review.timeline')}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(currentTime)}
        aria-valuetext={formatClock(currentTime)}
        data-testid="review-timeline"
        onKeyDown={onSliderKey}
        className="relative h-12 cursor-crosshair touch-none rounded-md bg-zinc-200 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-zinc-800"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onContextMenu={(event) => {
          event.preventDefault();
          const { x, width: barWidth } = xOf(event);
          onSeek(timeAt(x, barWidth, duration));
        }}
      >
        {shown && (
          <div
            className="absolute inset-y-0 bg-brand-500/30 ring-1 ring-brand-600"
            style={{ left: percent(shown.start, duration), width: percent(shown.end - shown.start, duration) }}
            data-testid="review-selection"
          />
        )}
        {techniques.map((technique) => {
          const at = markerTime(technique.startTimestamp);
          if (at === null) return null;
          return (
            <button
              key={technique.id}
              type="button"
              title={`${technique.startTimestamp} ${technique.name}`}
              aria-label={t('videos.review.jumpTo', { name: technique.name, time: technique.startTimestamp })}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => onSeek(at)}
              className="absolute top-0 z-10 h-6 w-3 -translate-x-1/2 rounded-b bg-amber-500 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-brand-600"
              style={{ left: percent(at, duration) }}
            />
          );
        })}
        {comments.map((comment) => (
          <button
            key={`comment-${comment.id}`}
            type="button"
            title={`${formatClock(comment.time)} ${comment.text}`}
            aria-label={t('videos.review.comments.marker', { time: formatClock(comment.time), text: comment.text })}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => onSeek(comment.time)}
            className="absolute bottom-0 z-10 h-5 w-3 -translate-x-1/2 rounded-t bg-sky-600 hover:bg-sky-500 focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-sky-400"
            style={{ left: percent(comment.time, duration) }}
            data-testid="comment-marker"
          />
        ))}
        {drawings.map((drawing) => (
          <button
            key={`drawing-${drawing.id}`}
            type="button"
            title={t('videos.review.drawings.marker', { time: formatClock(drawing.time) })}
            aria-label={t('videos.review.drawings.marker', { time: formatClock(drawing.time) })}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => onSeek(drawing.time)}
            className="absolute top-1/2 z-10 h-3.5 w-3.5 -translate-x-1/2 -translate-y-1/2 rotate-45 rounded-sm bg-violet-600 ring-2 ring-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-violet-400 dark:ring-zinc-900"
            style={{ left: percent(drawing.time, duration) }}
            data-testid="drawing-marker"
          />
        ))}
        <div
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-red-600"
          style={{ left: percent(currentTime, duration) }}
          aria-hidden
        />
      </div>
      {timeline.length > 0 && (
        <>
          {onTimelineChange ? (
            <RibbonEditor
              timeline={timeline}
              duration={duration}
              currentTime={currentTime}
              colours={POSITION_COLOURS}
              busy={busy}
              onChange={onTimelineChange}
            />
          ) : (
            /* Placed by time, so a stretch with nobody in the shot (no segment) stays an empty gap. */
            <div className="relative h-4 overflow-hidden rounded" aria-label={t('videos.review.ribbon')} role="img">
              {timeline.map((segment) => (
                <div
                  key={`${segment.start}-${segment.position}`}
                  className={cn(POSITION_COLOURS[segment.position], 'absolute inset-y-0')}
                  style={{
                    left: percent(segment.start, duration),
                    width: percent(segment.end - segment.start, duration),
                  }}
                  title={`${t(`videos.review.positions.${segment.position}`)} ${Math.round(segment.end - segment.start)} s`}
                />
              ))}
            </div>
          )}
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            {positions.map((position) => (
              <li key={position} className="flex items-center gap-1">
                <span className={cn('inline-block h-2.5 w-2.5 rounded-sm', POSITION_COLOURS[position])} aria-hidden />
                {t(`videos.review.positions.${position}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
