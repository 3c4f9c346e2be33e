import { AnalysisPosition, POSITIONS_WITHOUT_TOP, type PositionSegment } from '@openmat/contract/analysis';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClock } from '../video-format';
import { moveBoundary, relabelBand, splitBand, timeAt, touchesNext, type RibbonBand } from './timeline-model';

/** How far an arrow key moves a boundary, in seconds (Shift: five times as far). */
const BOUNDARY_STEP_SECONDS = 0.5;
/**
 * How long the arrow keys rest before the boundary they moved is saved, in milliseconds: quick presses
 * one after another are one move and one save, not a save (and a "Changes saved" dialog) a step.
 */
export const NUDGE_SETTLE_MS = 600;

const percent = (time: number, duration: number) => `${duration > 0 ? (100 * time) / duration : 0}%`;

/**
 * The position ribbon for an editor: each band is a button that opens a small menu (position, who is on
 * top, unclear, split at the playhead), and each boundary between two touching bands is a handle to drag,
 * or to move with the arrow keys. A change is saved through the page's save flow once it is made: a drag
 * when it is let go; arrow keys once they have rested for a moment after the key is let go, at once on
 * Enter or when the handle loses the focus (held or pressed again meanwhile, they move it on screen only).
 * One change is saved at a time: the next waits for the saved analysis, whose revision it builds on.
 */
export function RibbonEditor({
  timeline,
  duration,
  currentTime,
  colours,
  busy,
  onChange,
}: {
  timeline: readonly PositionSegment[];
  duration: number;
  currentTime: number;
  colours: Record<AnalysisPosition, string>;
  busy: boolean;
  onChange: (timeline: RibbonBand[]) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ index: number; time: number } | null>(null);
  // A boundary moved with the keys and not saved yet.
  const [nudge, setNudge] = useState<{ index: number; time: number } | null>(null);
  // The pause after the keys that saves the nudge, while it runs.
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A change handed over to be saved, until the page says the save is running and then over: the page's
  // busy flag reaches this component a moment later, and a change in that moment would build on the
  // revision the first save replaces (the server would refuse it as changed by someone else).
  const handedOver = useRef(false);
  useEffect(() => {
    if (!busy) handedOver.current = false;
  }, [busy, timeline]);
  useEffect(() => () => stopSettle(), []);
  const moving = drag ?? nudge;
  const shown = moving ? moveBoundary(timeline, moving.index, moving.time) : timeline;
  const positionName = (position: AnalysisPosition) => t(`videos.review.positions.${position}`);
  const topName = (top: PositionSegment['top']) => t(`videos.review.ribbonEdit.top.${top ?? 'nobody'}`);
  // A position with somebody on top but no top named: the analysis could read the position, not who is on top.
  const bandTopName = (segment: RibbonBand) =>
    segment.top === null && !POSITIONS_WITHOUT_TOP.has(segment.position)
      ? t('videos.review.ribbonEdit.top.unknown')
      : topName(segment.top);

  const timeOf = (event: { clientX: number }) => {
    const rect = box.current?.getBoundingClientRect();
    return rect ? timeAt(event.clientX - rect.left, rect.width, duration) : 0;
  };

  function onHandleKey(event: KeyboardEvent<HTMLDivElement>, index: number) {
    const step = (event.shiftKey ? 5 : 1) * BOUNDARY_STEP_SECONDS;
    const move = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
    if (move === 0) return;
    // The page's own arrow keys step frames; here they move the boundary.
    event.preventDefault();
    event.stopPropagation();
    // While a save runs the ribbon on screen is not the one to move yet.
    if (busy || handedOver.current) return;
    stopSettle();
    const from = nudge?.index === index ? nudge.time : timeline[index]?.end;
    if (from === undefined) return;
    // Kept where the neighbours allow, so that holding the key never runs past them.
    const time = moveBoundary(timeline, index, from + move)[index]?.end ?? from;
    setNudge({ index, time });
  }

  function stopSettle() {
    if (settle.current !== null) clearTimeout(settle.current);
    settle.current = null;
  }

  /** Hands a changed ribbon over to be saved. */
  function save(changed: RibbonBand[]) {
    handedOver.current = true;
    onChange(changed);
  }

  /** Saves a boundary moved with the keys, once. */
  function commitNudge(index: number) {
    stopSettle();
    if (nudge?.index !== index) return;
    setNudge(null);
    if (nudge.time !== timeline[index]?.end) save(moveBoundary(timeline, index, nudge.time));
  }

  /** Saves the nudge when the keys have rested (a key pressed again meanwhile starts the wait over). */
  function settleNudge(index: number) {
    stopSettle();
    settle.current = setTimeout(() => commitRef.current(index), NUDGE_SETTLE_MS);
  }
  // The timer saves what the latest render knows, not what it knew when it was started.
  const commitRef = useRef(commitNudge);
  commitRef.current = commitNudge;

  const openBand = open === null ? undefined : timeline[open];
  return (
    <div className="relative">
      <div
        ref={box}
        className="relative h-6 rounded bg-zinc-100 dark:bg-zinc-800"
        role="group"
        aria-label={t('videos.review.ribbonEdit.label')}
      >
        {shown.map((segment, index) => (
          <button
            key={`${index}-${segment.start}`}
            type="button"
            disabled={busy}
            aria-haspopup="dialog"
            aria-expanded={open === index}
            aria-label={t('videos.review.ribbonEdit.band', {
              position: positionName(segment.position),
              top: bandTopName(segment),
              start: formatClock(segment.start),
              end: formatClock(segment.end),
            })}
            title={`${positionName(segment.position)} · ${bandTopName(segment)}`}
            onClick={() => setOpen(open === index ? null : index)}
            className={cn(
              colours[segment.position],
              'absolute inset-y-0 border-x border-white/60 hover:brightness-110 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:border-zinc-900/60',
              open === index && 'ring-2 ring-brand-600 ring-inset',
            )}
            style={{ left: percent(segment.start, duration), width: percent(segment.end - segment.start, duration) }}
          />
        ))}
        {shown.map((segment, index) =>
          touchesNext(shown, index) ? (
            <div
              key={`boundary-${index}`}
              role="slider"
              tabIndex={0}
              aria-label={t('videos.review.ribbonEdit.boundary', {
                from: positionName(segment.position),
                to: positionName(shown[index + 1]?.position ?? segment.position),
              })}
              aria-valuemin={0}
              aria-valuemax={Math.round(duration)}
              aria-valuenow={Math.round(segment.end * 10) / 10}
              aria-valuetext={formatClock(segment.end)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && nudge?.index === index) {
                  event.preventDefault();
                  event.stopPropagation();
                  commitNudge(index);
                } else onHandleKey(event, index);
              }}
              onKeyUp={(event) => {
                if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') settleNudge(index);
              }}
              onBlur={() => commitNudge(index)}
              onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
                event.stopPropagation();
                event.currentTarget.setPointerCapture(event.pointerId);
                setDrag({ index, time: segment.end });
              }}
              onPointerMove={(event) => drag?.index === index && setDrag({ index, time: timeOf(event) })}
              onPointerUp={(event) => {
                if (drag?.index !== index) return;
                setDrag(null);
                save(moveBoundary(timeline, index, timeOf(event)));
              }}
              className="absolute inset-y-[-3px] z-20 w-2 -translate-x-1/2 cursor-ew-resize touch-none rounded-sm bg-zinc-900/70 focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-white/80"
              style={{ left: percent(segment.end, duration) }}
            />
          ) : null,
        )}
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('videos.review.ribbonEdit.hint')}</p>
      {openBand && open !== null && (
        <BandMenu
          key={open}
          band={openBand}
          canSplit={currentTime - openBand.start >= 0.5 && openBand.end - currentTime >= 0.5}
          splitAt={formatClock(currentTime)}
          positionName={positionName}
          topName={topName}
          onClose={() => setOpen(null)}
          onApply={(position, top) => {
            setOpen(null);
            save(relabelBand(timeline, open, position, top));
          }}
          onSplit={() => {
            setOpen(null);
            save(splitBand(timeline, open, currentTime));
          }}
        />
      )}
    </div>
  );
}

const TOPS = ['student', 'partner'] as const;

function BandMenu({
  band,
  canSplit,
  splitAt,
  positionName,
  topName,
  onClose,
  onApply,
  onSplit,
}: {
  band: PositionSegment;
  canSplit: boolean;
  splitAt: string;
  positionName: (position: AnalysisPosition) => string;
  topName: (top: PositionSegment['top']) => string;
  onClose: () => void;
  onApply: (position: AnalysisPosition, top: PositionSegment['top']) => void;
  onSplit: () => void;
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState<AnalysisPosition>(band.position);
  const [top, setTop] = useState<PositionSegment['top']>(band.top);
  const noTop = POSITIONS_WITHOUT_TOP.has(position);
  const select =
    'mt-1 block h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';
  // The focus starts on the position, Tab goes round the menu's own fields and buttons instead of leaving
  // it open behind, and when it closes the focus goes back to the band that opened it (the scope's
  // defaults). A pointer may still go elsewhere: the menu is a small editor beside the player, not a modal.
  return (
    <FocusScope asChild loop>
      <div
        role="dialog"
        aria-label={t('videos.review.ribbonEdit.menu', { start: formatClock(band.start), end: formatClock(band.end) })}
        className="absolute top-8 left-0 z-30 w-full max-w-sm space-y-3 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onClose();
        }}
      >
        <p className="font-medium">
          {t('videos.review.ribbonEdit.menu', { start: formatClock(band.start), end: formatClock(band.end) })}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <label>
            {t('videos.review.ribbonEdit.position')}
            <select
              value={position}
              onChange={(event) => setPosition(AnalysisPosition.parse(event.target.value))}
              className={select}
            >
              {AnalysisPosition.options.map((option) => (
                <option key={option} value={option}>
                  {positionName(option)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('videos.review.ribbonEdit.onTop')}
            <select
              value={noTop ? '' : (top ?? 'student')}
              disabled={noTop}
              onChange={(event) => setTop(event.target.value === 'partner' ? 'partner' : 'student')}
              className={select}
            >
              {noTop && <option value="">{topName(null)}</option>}
              {TOPS.map((option) => (
                <option key={option} value={option}>
                  {topName(option)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onApply(position, top)}>
            {t('videos.review.ribbonEdit.apply')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onApply('unclear', null)}>
            {t('videos.review.ribbonEdit.unclear')}
          </Button>
          <Button size="sm" variant="secondary" disabled={!canSplit} onClick={onSplit}>
            {t('videos.review.ribbonEdit.split', { time: splitAt })}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('videos.review.ribbonEdit.cancel')}
          </Button>
        </div>
      </div>
    </FocusScope>
  );
}
