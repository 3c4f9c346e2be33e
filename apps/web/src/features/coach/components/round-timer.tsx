import * as Dialog from '@radix-ui/react-dialog';
import { Maximize2, Pause, Play, RotateCcw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useReturnFocus } from '@/components/ui/return-focus';
import { useBell } from '@/features/coach/hooks/use-bell';
import { useWakeLock } from '@/features/coach/hooks/use-wake-lock';
import { useRoundTimerStore, type OwnedRun } from '@/features/coach/stores/round-timer-store';
import { cn } from '@/lib/cn';
import type { BellCue } from './bell-cues';
import {
  cueBetween,
  elapsedAt,
  MAX_PHASE_SECONDS,
  MAX_ROUNDS,
  normaliseConfig,
  viewAt,
  WARNING_SECONDS,
  type RoundConfig,
  type RoundCue,
  type RoundView,
} from './round-timer-machine';
import { formatClock } from './timer-machine';

export interface RoundTimerProps {
  sessionId: number;
  /** What it times, such as "Sparring: Positional rounds"; it names the timer for assistive technology. */
  label: string;
  /** The rounds the plan names; the instructor may change them before the start. */
  planned: RoundConfig;
}

const BELL_FOR: Record<RoundCue, BellCue> = { roundStart: 'start', warning: 'warning', roundEnd: 'finish' };
const TICK_MS = 250;

/**
 * The sparring block's round timer: rounds of work with rest between them, read from the plan and
 * adjustable before the start; the bell at each round's start and end and a distinct cue ten seconds
 * before the end; a full-screen mat view that keeps the screen awake. The run lives in the round-timer
 * store as its start time and pauses, so a reload resumes it, and there is only one.
 */
export function RoundTimer({ sessionId, label, planned }: RoundTimerProps) {
  const { t } = useTranslation();
  const bell = useBell();
  const run = useRoundTimerStore((state) => state.run);
  const store = useRoundTimerStore.getState;
  const own = run !== null && run.sessionId === sessionId ? run : null;
  const [now, setNow] = useState(() => Date.now());
  const [matView, setMatView] = useState(false);
  const lastElapsed = useRef<number | null>(null);
  // Start replaces the form with the running timer, and Reset the timer with the form: the button that
  // had the focus is gone, so the focus goes to the first button of what took its place.
  const [focusNext, setFocusNext] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(false);
    group.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [focusNext]);

  const view = own ? viewAt(own, now) : null;
  const running = view?.status === 'running';

  // Ticks while this session's run runs: the clock is read afresh each time, and a cue plays when the
  // timer passes its moment. The first tick after a mount (a reload) only notes where the run is.
  useEffect(() => {
    if (!own || own.pausedAt !== null) {
      lastElapsed.current = null;
      return;
    }
    const tick = () => {
      const at = Date.now();
      const elapsed = elapsedAt(own, at);
      const cue = lastElapsed.current === null ? null : cueBetween(own.config, lastElapsed.current, elapsed);
      lastElapsed.current = elapsed;
      if (cue) bell.play(BELL_FOR[cue]);
      setNow(at);
    };
    tick();
    const interval = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(interval);
  }, [own, bell]);

  useWakeLock(matView && running);

  const start = (config: RoundConfig) => {
    const at = Date.now();
    lastElapsed.current = 0;
    store().start({ sessionId, label }, config, at);
    setNow(at);
    bell.play('start');
    setFocusNext(true);
  };
  const toggle = () => {
    const at = Date.now();
    if (!own || !view || view.status === 'finished') return;
    if (own.pausedAt === null) store().pause(at);
    else store().resume(at);
    setNow(at);
    bell.play('pauseResume');
  };
  const reset = () => {
    bell.stop();
    store().reset();
    setMatView(false);
    setFocusNext(true);
  };

  return (
    <div
      ref={group}
      role="group"
      aria-label={t('coach.roundTimer.label', { name: label })}
      data-status={view?.status ?? 'idle'}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-800/50"
    >
      {own && view ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-baseline gap-3">
              <span
                role="timer"
                aria-label={t('coach.roundTimer.clockLabel', {
                  round: view.round,
                  rounds: view.rounds,
                  phase: t(`coach.roundTimer.phase.${view.phase}`),
                  time: formatClock(view.remainingSeconds),
                })}
                className={cn('font-mono text-3xl font-semibold tabular-nums', clockColour(view, own))}
              >
                {formatClock(view.remainingSeconds)}
              </span>
              <span className="text-sm font-medium">
                {t('coach.roundTimer.round', { round: view.round, rounds: view.rounds })}
              </span>
              <PhaseBadge view={view} />
            </div>
            <TimerButtons view={view} onToggle={toggle} onReset={reset}>
              <Button size="sm" variant="secondary" onClick={() => setMatView(true)}>
                <Maximize2 className="h-4 w-4" aria-hidden />
                {t('coach.roundTimer.matView')}
              </Button>
            </TimerButtons>
          </div>
          <MatView
            open={matView}
            onOpenChange={setMatView}
            run={own}
            view={view}
            label={label}
            onToggle={toggle}
            onReset={reset}
          />
        </>
      ) : (
        <RoundSetup planned={planned} other={run} onStart={start} />
      )}
    </div>
  );
}

function clockColour(view: RoundView, run: OwnedRun): string {
  if (view.status === 'finished') return 'text-red-600 dark:text-red-500';
  if (view.phase === 'rest') return 'text-sky-700 dark:text-sky-400';
  if (run.config.workSeconds > WARNING_SECONDS && view.remainingSeconds <= WARNING_SECONDS) {
    return 'animate-pulse text-red-600 motion-reduce:animate-none dark:text-red-500';
  }
  return 'text-zinc-900 dark:text-zinc-100';
}

function PhaseBadge({ view, large = false }: { view: RoundView; large?: boolean }) {
  const { t } = useTranslation();
  const text =
    view.status === 'finished'
      ? t('coach.roundTimer.status.finished')
      : view.status === 'paused'
        ? `${t(`coach.roundTimer.phase.${view.phase}`)} · ${t('coach.roundTimer.status.paused')}`
        : t(`coach.roundTimer.phase.${view.phase}`);
  return (
    <span
      aria-live="polite"
      className={cn(
        'rounded-md font-semibold uppercase',
        large ? 'px-3 py-1 text-[min(6vh,5vw)] leading-tight' : 'px-2 py-0.5 text-xs',
        view.status === 'finished'
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
          : view.phase === 'rest'
            ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
            : 'bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100',
        view.status === 'paused' && 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
      )}
    >
      {text}
    </span>
  );
}

function TimerButtons({
  view,
  onToggle,
  onReset,
  large = false,
  children,
}: {
  view: RoundView;
  onToggle: () => void;
  onReset: () => void;
  large?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const paused = view.status === 'paused';
  const size = large ? 'lg' : 'sm';
  return (
    // Above the mat view's digits, whose tall glyphs reach over the buttons on an upright phone.
    <div className="relative z-10 flex flex-wrap gap-2">
      {/* One button that changes its label, so that the keyboard focus stays on it. */}
      <Button
        size={size}
        variant={paused ? 'primary' : 'secondary'}
        disabled={view.status === 'finished'}
        onClick={onToggle}
      >
        {paused ? <Play className="h-4 w-4" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
        {paused ? t('coach.timer.resume') : t('coach.timer.pause')}
      </Button>
      <Button size={size} variant="ghost" onClick={onReset}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        {t('coach.timer.reset')}
      </Button>
      {children}
    </div>
  );
}

const split = (seconds: number) => ({
  minutes: String(Math.floor(seconds / 60)),
  seconds: String(seconds % 60).padStart(2, '0'),
});

/** The rounds, work and rest as planned, each adjustable, and Start. */
function RoundSetup({
  planned,
  other,
  onStart,
}: {
  planned: RoundConfig;
  other: OwnedRun | null;
  onStart: (config: RoundConfig) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [rounds, setRounds] = useState(String(planned.rounds));
  const [work, setWork] = useState(split(planned.workSeconds));
  const [rest, setRest] = useState(split(planned.restSeconds));
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const workSeconds = number(work.minutes) * 60 + number(work.seconds);
  const restSeconds = number(rest.minutes) * 60 + number(rest.seconds);
  const roundCount = number(rounds);
  const valid =
    Number.isInteger(roundCount) &&
    roundCount >= 1 &&
    roundCount <= MAX_ROUNDS &&
    Number.isInteger(workSeconds) &&
    workSeconds >= 1 &&
    workSeconds <= MAX_PHASE_SECONDS &&
    Number.isInteger(restSeconds) &&
    restSeconds >= 0 &&
    restSeconds <= MAX_PHASE_SECONDS &&
    [work.seconds, rest.seconds].every((value) => number(value) < 60) &&
    [work.minutes, work.seconds, rest.minutes, rest.seconds].every((value) => number(value) >= 0);
  const otherRunning = other !== null && viewAt(other, Date.now()).status !== 'finished';

  const part = (
    key: 'work' | 'rest',
    value: { minutes: string; seconds: string },
    change: (next: { minutes: string; seconds: string }) => void,
  ) => (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">{t(`coach.roundTimer.${key}`)}</legend>
      <div className="flex items-center gap-1">
        <Input
          size="sm"
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          className="w-16"
          aria-label={t(`coach.roundTimer.${key}Minutes`)}
          value={value.minutes}
          onChange={(event) => change({ ...value, minutes: event.target.value })}
        />
        <span aria-hidden>:</span>
        <Input
          size="sm"
          type="number"
          inputMode="numeric"
          min={0}
          max={59}
          className="w-16"
          aria-label={t(`coach.roundTimer.${key}Seconds`)}
          value={value.seconds}
          onChange={(event) => change({ ...value, seconds: event.target.value })}
        />
      </div>
    </fieldset>
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      aria-describedby={`${id}-hint`}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onStart(normaliseConfig({ rounds: roundCount, workSeconds, restSeconds }));
      }}
    >
      <p id={`${id}-hint`} className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('coach.roundTimer.planned', {
          rounds: planned.rounds,
          work: formatClock(planned.workSeconds),
          rest: formatClock(planned.restSeconds),
        })}
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rounds`} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {t('coach.roundTimer.rounds')}
          </label>
          <Input
            id={`${id}-rounds`}
            size="sm"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ROUNDS}
            className="w-20"
            value={rounds}
            onChange={(event) => setRounds(event.target.value)}
          />
        </div>
        {part('work', work, setWork)}
        {part('rest', rest, setRest)}
        <Button type="submit" size="sm" disabled={!valid}>
          <Play className="h-4 w-4" aria-hidden />
          {otherRunning ? t('coach.roundTimer.startReplacing') : t('coach.roundTimer.start')}
        </Button>
      </div>
      {!valid && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('coach.roundTimer.invalid', { max: MAX_ROUNDS })}
        </p>
      )}
      {otherRunning && (
        <p className="text-sm text-yellow-800 dark:text-yellow-300">
          {t('coach.roundTimer.otherRunning', { name: other.label })}
        </p>
      )}
    </form>
  );
}

/**
 * The mat view: the whole screen for the round, the phase and the clock, readable from across the room.
 * The digits take half the screen's height on a landscape screen; on a portrait one, minutes over
 * seconds, each line over a third of the height (measured in e2e/tests/schedule.e2e.ts). It asks for full screen where the browser allows it; the wake lock is held while it runs.
 */
function MatView({
  open,
  onOpenChange,
  run,
  view,
  label,
  onToggle,
  onReset,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: OwnedRun;
  view: RoundView;
  label: string;
  onToggle: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  // Opened by its button, with no Radix trigger: closed with Escape or the cross, the focus goes back there.
  const focus = useReturnFocus();
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    if (typeof root.requestFullscreen === 'function' && document.fullscreenEnabled) {
      root.requestFullscreen().catch(() => undefined);
    }
    return () => {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    };
  }, [open]);

  const clock = formatClock(view.remainingSeconds);
  const [minutes = '00', seconds = '00'] = clock.split(':');

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          onOpenAutoFocus={focus.remember}
          onCloseAutoFocus={focus.restore}
          data-testid="round-timer-mat-view"
          data-phase={view.phase}
          data-status={view.status}
          className={cn(
            'fixed inset-0 z-50 flex flex-col items-center justify-between gap-2 overflow-hidden p-3 sm:p-6',
            view.phase === 'rest' && view.status !== 'finished'
              ? 'bg-sky-50 text-zinc-950 dark:bg-sky-950 dark:text-white'
              : 'bg-white text-zinc-950 dark:bg-zinc-950 dark:text-white',
          )}
        >
          <div className="flex w-full items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="truncate text-sm font-medium text-zinc-600 sm:text-base dark:text-zinc-300">
                {label}
              </Dialog.Title>
              <Dialog.Description className="sr-only">{t('coach.roundTimer.matViewDescription')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('coach.roundTimer.closeMatView')}>
                <X className="h-6 w-6" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-1">
            <span
              data-testid="round-timer-round"
              className="text-[min(8vh,7vw)] leading-tight font-bold tabular-nums portrait:text-[min(5vh,8vw)]"
            >
              {t('coach.roundTimer.round', { round: view.round, rounds: view.rounds })}
            </span>
            <PhaseBadge view={view} large />
          </div>
          <span
            role="timer"
            data-testid="round-timer-digits"
            aria-label={t('coach.roundTimer.clockLabel', {
              round: view.round,
              rounds: view.rounds,
              phase: t(`coach.roundTimer.phase.${view.phase}`),
              time: clock,
            })}
            className={cn(
              // Portrait: minutes over seconds, each digit over a third of the screen's height. Two digits
              // that tall are wider than a phone, so they are drawn narrower (scaled to 70 % of their width).
              // The digits take no taps: on an upright phone their ink reaches over the buttons below.
              'pointer-events-none flex font-mono font-bold tabular-nums select-none portrait:scale-x-[0.7] portrait:flex-col portrait:items-center portrait:text-[min(50vh,130vw)] portrait:leading-[0.76] landscape:flex-row landscape:text-[min(50vh,32vw)] landscape:leading-none',
              clockColour(view, run),
            )}
          >
            <span aria-hidden>{minutes}</span>
            <span aria-hidden className="portrait:hidden">
              :
            </span>
            <span aria-hidden>{seconds}</span>
          </span>
          <TimerButtons view={view} onToggle={onToggle} onReset={onReset} large />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
