import { Pause, Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useBell } from '@/features/coach/hooks/use-bell';
import { useWakeLock } from '@/features/coach/hooks/use-wake-lock';
import { cn } from '@/lib/cn';
import {
  formatClock,
  initialTimer,
  remainingPercent,
  stepTimer,
  timerUrgency,
  type TimerEvent,
  type TimerState,
  type TimerUrgency,
} from './timer-machine';

export interface CountdownTimerProps {
  /** The full time in minutes; fractions are allowed (7.5 is 07:30). */
  minutes: number;
  /** What the timer times, such as the part's name; it names the timer for assistive technology. */
  label: string;
  /** Called once when the countdown reaches 0. */
  onComplete?: () => void;
  className?: string;
}

const CLOCK_COLOURS: Record<TimerUrgency, string> = {
  normal: 'text-zinc-900 dark:text-zinc-100',
  warning: 'text-yellow-700 dark:text-yellow-400',
  critical: 'animate-pulse text-red-600 motion-reduce:animate-none dark:text-red-500',
};

const BAR_COLOURS: Record<TimerUrgency, string> = {
  normal: 'bg-brand-600 dark:bg-brand-500',
  warning: 'bg-yellow-500',
  critical: 'bg-red-600 dark:bg-red-500',
};

/** How often a running countdown looks at the clock. */
const TICK_MS = 250;

/**
 * A countdown timer of a lesson-plan section: Start, Pause, Resume and Reset, a mm:ss clock that turns
 * yellow and then red, a progress bar of the time left, and bell cues. A new duration starts it afresh.
 * The time left is the end less the clock's time (timer-machine.ts), read afresh on every tick and as soon
 * as the page shows again, so a locked phone or a hidden tab comes back to the right time; as the round
 * timer's mat view does, it keeps the screen awake while it runs.
 */
export function CountdownTimer(props: CountdownTimerProps) {
  const seconds = Number.isFinite(props.minutes) ? Math.max(0, Math.round(props.minutes * 60)) : 0;
  return <Countdown key={seconds} seconds={seconds} {...props} />;
}

function Countdown({ seconds, label, onComplete, className }: CountdownTimerProps & { seconds: number }) {
  const { t } = useTranslation();
  const bell = useBell();
  const [state, setState] = useState<TimerState>(() => initialTimer(seconds));
  const stateRef = useRef(state);
  const onCompleteRef = useRef(onComplete);
  // At 00:00 the Start/Pause button is disabled under the focus: the focus goes on to Reset instead of
  // dropping to the top of the page.
  const group = useRef<HTMLDivElement>(null);
  const focusReset = useRef(false);
  useEffect(() => {
    if (!focusReset.current) return;
    focusReset.current = false;
    group.current?.querySelector<HTMLButtonElement>('[data-timer-reset]')?.focus();
  });

  useEffect(() => {
    onCompleteRef.current = onComplete;
  }, [onComplete]);

  // Transitions run in event handlers and in the ticks, never in render, so each effect (a cue, the
  // completion callback) happens exactly once.
  const dispatch = useCallback(
    (event: TimerEvent) => {
      const { state: next, effects } = stepTimer(stateRef.current, event);
      if (next === stateRef.current) return;
      if (next.status === 'finished' && document.activeElement?.hasAttribute('data-timer-primary')) {
        focusReset.current = true;
      }
      stateRef.current = next;
      setState(next);
      for (const effect of effects) {
        if (effect.type === 'play') bell.play(effect.cue);
        else if (effect.type === 'stopAudio') bell.stop();
        else onCompleteRef.current?.();
      }
    },
    [bell],
  );
  const press = (type: 'start' | 'pause' | 'resume') => dispatch({ type, now: Date.now() });

  const running = state.status === 'running';
  const endsAt = state.endsAt;
  useEffect(() => {
    if (!running || endsAt === null) return;
    const tick = () => dispatch({ type: 'tick', now: Date.now() });
    const interval = window.setInterval(tick, TICK_MS);
    // A timeout of its own at the end, so that a hidden tab whose interval the browser slowed down still
    // rings on time; and a look as soon as the page shows again.
    const end = window.setTimeout(tick, Math.max(0, endsAt - Date.now()));
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(end);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [running, endsAt, dispatch]);

  useWakeLock(running);

  const urgency = timerUrgency(state);
  const percent = remainingPercent(state);
  const primary =
    state.status === 'running'
      ? { event: 'pause' as const, text: t('coach.timer.pause'), icon: Pause }
      : state.status === 'paused'
        ? { event: 'resume' as const, text: t('coach.timer.resume'), icon: Play }
        : { event: 'start' as const, text: t('coach.timer.start'), icon: Play };
  const PrimaryIcon = primary.icon;

  return (
    <div
      ref={group}
      role="group"
      aria-label={t('coach.timer.label', { name: label })}
      data-status={state.status}
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-800/50',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-baseline gap-3">
          <span
            role="timer"
            data-urgency={urgency}
            className={cn('font-mono text-3xl font-semibold tabular-nums', CLOCK_COLOURS[urgency])}
          >
            {formatClock(state.remaining)}
          </span>
          <span aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
            {state.status === 'idle' ? '' : t(`coach.timer.status.${state.status}`)}
          </span>
        </div>
        <div className="flex gap-2">
          {/* One button that changes its label, so that the keyboard focus stays on it. */}
          <Button
            size="sm"
            variant={state.status === 'running' ? 'secondary' : 'primary'}
            disabled={state.total === 0 || state.status === 'finished'}
            data-timer-primary
            onClick={() => press(primary.event)}
          >
            <PrimaryIcon className="h-4 w-4" aria-hidden />
            {primary.text}
          </Button>
          <Button size="sm" variant="ghost" data-timer-reset onClick={() => dispatch({ type: 'reset' })}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            {t('coach.timer.reset')}
          </Button>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={t('coach.timer.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={t('coach.timer.progressText', { percent: Math.round(percent) })}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-1000 ease-linear', BAR_COLOURS[urgency])}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
