import {
  DRAWING_SHAPES_MAX,
  DRAWINGS_MAX,
  type AnalysisDrawing,
  type AnalysisPatch,
  type DrawingColour,
  type DrawingKind,
  type DrawingShape,
} from '@openmat/contract/analysis';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { ArrowUpRight, Circle, Minus, PenLine, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClock } from '../video-format';
import { ConfirmDeleteButton } from './confirm-delete-button';

export type SentDrawings = NonNullable<AnalysisPatch['drawings']>;

/** How long after its moment a drawing stays on the playing video, in seconds. */
export const DRAWING_SHOWN_SECONDS = 1.5;
/** A paused playhead this close to a drawing's moment stands on it (a frame step, the rounding of a seek). */
const AT_MOMENT_SECONDS = 0.05;
/** A stroke shorter than this share of the frame is a stray click, not a shape. */
const SHORTEST_STROKE = 0.01;

const KINDS: readonly DrawingKind[] = ['arrow', 'line', 'circle'];
const COLOURS: Record<DrawingColour, string> = {
  red: '#ef4444',
  yellow: '#facc15',
  blue: '#3b82f6',
  white: '#ffffff',
};
const COLOUR_NAMES: readonly DrawingColour[] = ['red', 'yellow', 'blue', 'white'];
const KIND_ICONS: Record<DrawingKind, ReactNode> = {
  arrow: <ArrowUpRight className="h-4 w-4" aria-hidden />,
  line: <Minus className="h-4 w-4 -rotate-45" aria-hidden />,
  circle: <Circle className="h-4 w-4" aria-hidden />,
};

/** Whether a drawing is on the frame at `time`: from its moment to 1.5 s after it (a paused frame at it included). */
export function drawingShown(drawing: Pick<AnalysisDrawing, 'time'>, time: number): boolean {
  return time >= drawing.time - AT_MOMENT_SECONDS && time <= drawing.time + DRAWING_SHOWN_SECONDS;
}

/** The drawings as they are sent back: the server keeps the ids and signs nothing. */
export const keptDrawings = (drawings: readonly AnalysisDrawing[]): SentDrawings =>
  drawings.map(({ id, time, shapes }) => ({ id, time, shapes }));

/** The frame's size in the picture's own pixels (its aspect ratio is what matters), 16:9 before it loads. */
function frameSize(video: HTMLVideoElement | null): { width: number; height: number } {
  const width = video?.videoWidth ?? 0;
  const height = video?.videoHeight ?? 0;
  return width > 0 && height > 0 ? { width, height } : { width: 1600, height: 900 };
}

/**
 * A point of the frame (shares of its width and height, 0..1) under a pointer over `box`, where the
 * frame is shown contained (letterboxed) as the video element shows it.
 */
export function framePoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  frame: { width: number; height: number },
): { x: number; y: number } {
  const scale = Math.min(box.width / frame.width, box.height / frame.height) || 1;
  const left = box.left + (box.width - frame.width * scale) / 2;
  const top = box.top + (box.height - frame.height * scale) / 2;
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  return {
    x: clamp((client.x - left) / (frame.width * scale)),
    y: clamp((client.y - top) / (frame.height * scale)),
  };
}

/** One shape, in the frame's pixels, with a dark edge under it so it reads on a light mat and a dark one. */
function ShapeFigure({ shape, frame }: { shape: DrawingShape; frame: { width: number; height: number } }) {
  const x1 = shape.x1 * frame.width;
  const y1 = shape.y1 * frame.height;
  const x2 = shape.x2 * frame.width;
  const y2 = shape.y2 * frame.height;
  // The stroke keeps its width in screen pixels however large the player is.
  const strokes = (stroke: string, width: number) => {
    const paint = { stroke, strokeWidth: width, fill: 'none', vectorEffect: 'non-scaling-stroke' } as const;
    if (shape.kind === 'circle') return <circle cx={x1} cy={y1} r={Math.hypot(x2 - x1, y2 - y1)} {...paint} />;
    const line = <line x1={x1} y1={y1} x2={x2} y2={y2} {...paint} />;
    if (shape.kind === 'line') return line;
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const size = Math.min(length * 0.4, Math.min(frame.width, frame.height) * 0.05);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const wing = (sign: number) =>
      `${x2 - size * ux - sign * size * 0.55 * uy},${y2 - size * uy + sign * size * 0.55 * ux}`;
    return (
      <>
        {line}
        <polyline points={`${wing(1)} ${x2},${y2} ${wing(-1)}`} {...paint} />
      </>
    );
  };
  return (
    <g strokeLinecap="round" strokeLinejoin="round" data-kind={shape.kind}>
      {strokes('rgb(0 0 0 / 0.55)', 6)}
      {strokes(COLOURS[shape.colour], 3)}
    </g>
  );
}

interface Draft {
  time: number;
  shapes: DrawingShape[];
  /** The shape being dragged now. */
  live: DrawingShape | null;
}

/**
 * The video with the coach's drawings over its frame (issue 20, part 4): each is shown from its moment
 * to 1.5 s after it, and while paused at it. An editor draws on a paused frame: a line, an arrow or a
 * circle (dragged from its centre), in a colour, as many as needed, then saves the drawing at that
 * moment or cancels it (Escape). The points are shares of the frame (0..1), so they scale with the player.
 */
export function DrawableFrame({
  children,
  videoRef,
  drawings,
  currentTime,
  playing,
  editable,
  busy,
  onSave,
}: {
  /** The video element itself. */
  children: ReactNode;
  videoRef: RefObject<HTMLVideoElement | null>;
  drawings: readonly AnalysisDrawing[];
  currentTime: number;
  playing: boolean;
  editable: boolean;
  busy: boolean;
  /** Answers whether it was saved: a drawing stays on screen until it is. */
  onSave: (drawings: SentDrawings) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<DrawingKind | null>(null);
  const [colour, setColour] = useState<DrawingColour>('red');
  const [draft, setDraft] = useState<Draft | null>(null);
  const frame = frameSize(videoRef.current);
  const drawing = editable && !playing && tool !== null;
  const full = drawings.length >= DRAWINGS_MAX;

  const cancel = () => {
    setDraft(null);
    setTool(null);
  };
  // Playing the video ends a drawing in progress: it belongs to the paused frame.
  useEffect(() => {
    if (playing) cancel();
  }, [playing]);
  // Escape cancels a drawing in progress (the page's own keys leave Escape alone).
  useEffect(() => {
    if (tool === null && draft === null) return;
    const listener = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (event.target instanceof Element && event.target.closest('[role="alertdialog"],[role="dialog"]')) return;
      event.preventDefault();
      cancel();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [tool, draft]);

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = svg.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 };
    return framePoint({ x: event.clientX, y: event.clientY }, box, frame);
  };
  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (!drawing || event.button === 2) return;
    if ((draft?.shapes.length ?? 0) >= DRAWING_SHAPES_MAX) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = pointAt(event);
    const live: DrawingShape = { kind: tool, colour, x1: x, y1: y, x2: x, y2: y };
    setDraft((previous) => ({ time: previous?.time ?? currentTime, shapes: previous?.shapes ?? [], live }));
  }
  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (!draft?.live) return;
    const { x, y } = pointAt(event);
    setDraft({ ...draft, live: { ...draft.live, x2: x, y2: y } });
  }
  function onPointerUp() {
    if (!draft?.live) return;
    const { live } = draft;
    const long = Math.hypot(live.x2 - live.x1, live.y2 - live.y1) >= SHORTEST_STROKE;
    setDraft({ ...draft, shapes: long ? [...draft.shapes, live] : draft.shapes, live: null });
  }
  function save() {
    if (!draft || draft.shapes.length === 0) return;
    void onSave([...keptDrawings(drawings), { time: Math.round(draft.time * 100) / 100, shapes: draft.shapes }]).then(
      (saved) => {
        if (saved) cancel();
      },
    );
  }

  const shown = drawings.filter((one) => drawingShown(one, currentTime));
  const draftShapes = draft ? [...draft.shapes, ...(draft.live ? [draft.live] : [])] : [];
  const drafted = draft?.shapes.length ?? 0;

  return (
    <>
      <div className="relative">
        {children}
        <svg
          ref={svg}
          viewBox={`0 0 ${frame.width} ${frame.height}`}
          preserveAspectRatio="xMidYMid meet"
          className={cn(
            'absolute inset-0 h-full w-full',
            drawing ? 'cursor-crosshair touch-none' : 'pointer-events-none',
          )}
          role="img"
          aria-label={
            shown.length + drafted > 0
              ? t('videos.review.drawings.onFrame', { count: shown.length + (drafted > 0 ? 1 : 0) })
              : t('videos.review.drawings.frame')
          }
          data-testid="drawing-layer"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {shown.map((one) => (
            <g key={one.id} data-testid="frame-drawing">
              {one.shapes.map((shape, index) => (
                <ShapeFigure key={index} shape={shape} frame={frame} />
              ))}
            </g>
          ))}
          {draftShapes.length > 0 && (
            <g data-testid="draft-drawing">
              {draftShapes.map((shape, index) => (
                <ShapeFigure key={index} shape={shape} frame={frame} />
              ))}
            </g>
          )}
        </svg>
      </div>
      {editable && (
        <div
          role="toolbar"
          aria-label={t('videos.review.drawings.tools')}
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <PenLine className="h-4 w-4 text-zinc-500 dark:text-zinc-400" aria-hidden />
          {playing ? (
            <span className="text-zinc-600 dark:text-zinc-400">{t('videos.review.drawings.pauseFirst')}</span>
          ) : (
            <>
              <div role="group" aria-label={t('videos.review.drawings.shape')} className="flex gap-1">
                {KINDS.map((kind) => (
                  <Button
                    key={kind}
                    size="sm"
                    className="px-2"
                    variant={tool === kind ? 'primary' : 'secondary'}
                    aria-pressed={tool === kind}
                    disabled={busy || full}
                    onClick={() => setTool(tool === kind ? null : kind)}
                  >
                    {KIND_ICONS[kind]}
                    {t(`videos.review.drawings.kind.${kind}`)}
                  </Button>
                ))}
              </div>
              {/* One stop for Tab; the arrow keys choose among the colours (the radio group's own keys). */}
              <RadioGroup.Root
                value={colour}
                onValueChange={(value) => setColour(COLOUR_NAMES.find((name) => name === value) ?? colour)}
                aria-label={t('videos.review.drawings.colour')}
                orientation="horizontal"
                loop
                className="flex gap-1"
              >
                {COLOUR_NAMES.map((name) => (
                  <RadioGroup.Item
                    key={name}
                    value={name}
                    aria-label={t(`videos.review.drawings.colours.${name}`)}
                    title={t(`videos.review.drawings.colours.${name}`)}
                    className={cn(
                      'h-7 w-7 rounded-full border border-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-500',
                      colour === name &&
                        'ring-2 ring-brand-600 ring-offset-2 ring-offset-white dark:ring-offset-zinc-900',
                    )}
                    style={{ backgroundColor: COLOURS[name] }}
                  />
                ))}
              </RadioGroup.Root>
              {draft && drafted > 0 ? (
                <>
                  <Button size="sm" disabled={busy} onClick={save}>
                    {t('videos.review.drawings.save', { time: formatClock(draft.time) })}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={cancel}>
                    <X className="h-4 w-4" aria-hidden />
                    {t('videos.review.drawings.cancel')}
                  </Button>
                </>
              ) : (
                <span className="text-zinc-600 dark:text-zinc-400">
                  {full
                    ? t('videos.review.drawings.full', { count: DRAWINGS_MAX })
                    : tool
                      ? t('videos.review.drawings.dragHint')
                      : t('videos.review.drawings.pickHint')}
                </span>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}

/** The drawings in time order: each jumps to its moment; an editor deletes them. Nothing when there are none. */
export function DrawingList({
  drawings,
  busy,
  readOnly,
  onJump,
  onSave,
}: {
  drawings: readonly AnalysisDrawing[];
  busy: boolean;
  readOnly: boolean;
  onJump: (time: number) => void;
  /** Answers whether it was saved: a drawing stays on screen until it is. */
  onSave: (drawings: SentDrawings) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (drawings.length === 0) return null;
  const describe = (drawing: AnalysisDrawing) =>
    drawing.shapes.map((shape) => t(`videos.review.drawings.kind.${shape.kind}`)).join(', ');
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={titleId} className="text-sm font-semibold">
        {t('videos.review.drawings.title')}
      </h2>
      <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="review-drawings">
        {drawings.map((drawing) => (
          <li key={drawing.id} className="flex items-center gap-2 py-2">
            <Button
              size="sm"
              variant="secondary"
              className="shrink-0 tabular-nums"
              onClick={() => onJump(drawing.time)}
              aria-label={t('videos.review.drawings.jump', { time: formatClock(drawing.time) })}
            >
              {formatClock(drawing.time)}
            </Button>
            <span className="min-w-0 flex-1 break-words text-zinc-700 dark:text-zinc-300">{describe(drawing)}</span>
            {!readOnly && (
              <ConfirmDeleteButton
                label={t('videos.review.drawings.delete', { time: formatClock(drawing.time) })}
                question={t('videos.review.drawings.deleteQuestion')}
                disabled={busy}
                onConfirm={() => void onSave(keptDrawings(drawings.filter((other) => other.id !== drawing.id)))}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
