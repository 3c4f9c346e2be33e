/**
 * The round timer of the sparring block, as pure functions of a stored run and the time now.
 *
 * A run is kept as its start time and its pauses (`startedAt`, `pausedAt`, `pausedMs`), never as a
 * counter that ticks: whatever the clock says when the page looks again (a reload, a phone that was
 * locked) gives the round, the phase and the time left. The rounds follow one another as
 * work, rest, work, rest, …, work: there is no rest after the last round.
 */

/** How the sparring is cut: the number of rounds, the work and the rest of each, in whole seconds. */
export interface RoundConfig {
  rounds: number;
  workSeconds: number;
  restSeconds: number;
}

/** A started round timer: when it started and how long it has been paused, in epoch milliseconds. */
export interface RoundRun {
  config: RoundConfig;
  startedAt: number;
  /** When the current pause began, or null while it runs. */
  pausedAt: number | null;
  /** The milliseconds spent in pauses that have ended. */
  pausedMs: number;
}

export type RoundPhase = 'work' | 'rest';
export type RoundStatus = 'running' | 'paused' | 'finished';

export interface RoundView {
  status: RoundStatus;
  /** The current round, 1-based; the last round once finished. */
  round: number;
  rounds: number;
  phase: RoundPhase;
  /** Whole seconds left in the phase, rounded up so that 0 shows only at the end. */
  remainingSeconds: number;
  /** Milliseconds of timer time since the start, pauses left out. */
  elapsedMs: number;
}

/** The rest between rounds when the plan names none and its sparring minutes have room for it. */
export const DEFAULT_REST_SECONDS = 60;
/** The round length when the plan names no rounds: about five minutes, the common gym default. */
export const DEFAULT_ROUND_MINUTES = 5;
/** The distinct cue sounds this many seconds before the end of a round. */
export const WARNING_SECONDS = 10;

export const MAX_ROUNDS = 30;
export const MAX_PHASE_SECONDS = 60 * 60;

const ROUNDS_PATTERN =
  /(\d+)\s*(?:x|×|rounds?|rund[ya]?)\s*(?:of|po|x|×)?\s*(\d+(?:[.,]\d+)?)\s*(?:min(?:ute|uty|ut|uta|ucie)?s?|'|m\b)/i;
const REST_PATTERN =
  /(\d+(?:[.,]\d+)?)\s*(min(?:ute|uty|ut|uta|ucie)?s?|s|sec(?:ond)?s?|sekund[ya]?)\s*(?:of\s*)?(?:rest|przerw)/i;

const clampInt = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/** A config with every number whole and in range: at least one round of at least one second. */
export function normaliseConfig(config: RoundConfig): RoundConfig {
  return {
    rounds: clampInt(config.rounds, 1, MAX_ROUNDS),
    workSeconds: clampInt(config.workSeconds, 1, MAX_PHASE_SECONDS),
    restSeconds: clampInt(config.restSeconds, 0, MAX_PHASE_SECONDS),
  };
}

const toNumber = (text: string): number => Number(text.replace(',', '.'));

/** The rest between rounds that fits `blockSeconds`: a minute at most, what room the rounds leave at least. */
function restThatFits(blockSeconds: number, rounds: number, workSeconds: number): number {
  if (rounds < 2) return DEFAULT_REST_SECONDS;
  const room = Math.floor((blockSeconds - rounds * workSeconds) / (rounds - 1));
  return Math.min(DEFAULT_REST_SECONDS, Math.max(0, room));
}

/**
 * The rounds a plan's sparring text names ("5 rounds of 3 minutes", "4 rundy po 5 minut", "6 x 5 min"),
 * with the rest it names ("1 minute of rest", "30 s rest", "1 minuta przerwy"). The plan's sparring minutes
 * (`blockMinutes`) are the rounds and the rests between them (ADR 0008), so the timer run as planned ends
 * with the block: a text that names no rest gets a minute between rounds where the block has room for it,
 * and only the room there is otherwise (none in a plan whose rounds fill the block, as plans made before the
 * rests were planned do). A text that names no rounds gets rounds of about five minutes that, with a rest
 * between each two, fill the block (at least one round).
 */
export function roundsFromPlan(text: string, blockMinutes: number): RoundConfig {
  const blockSeconds = (Number.isFinite(blockMinutes) && blockMinutes > 0 ? blockMinutes : DEFAULT_ROUND_MINUTES) * 60;
  const rest = REST_PATTERN.exec(text);
  const namedRest = rest
    ? Math.round(toNumber(rest[1] ?? '0') * (rest[2]?.toLowerCase().startsWith('m') ? 60 : 1))
    : null;
  const rounds = ROUNDS_PATTERN.exec(text);
  if (rounds) {
    const count = Number(rounds[1]);
    const workSeconds = toNumber(rounds[2] ?? '0') * 60;
    return normaliseConfig({
      rounds: count,
      workSeconds,
      restSeconds: namedRest ?? restThatFits(blockSeconds, count, workSeconds),
    });
  }
  const restSeconds = namedRest ?? DEFAULT_REST_SECONDS;
  const roundSeconds = DEFAULT_ROUND_MINUTES * 60;
  const count = Math.max(1, Math.round((blockSeconds + restSeconds) / (roundSeconds + restSeconds)));
  // Whole seconds rounded down, so that the run never outlasts the block.
  const workSeconds = Math.floor((blockSeconds - (count - 1) * restSeconds) / count);
  return normaliseConfig({ rounds: count, workSeconds, restSeconds });
}

/** The whole length of a run in milliseconds: every round's work and the rests between them. */
export function totalMs({ rounds, workSeconds, restSeconds }: RoundConfig): number {
  return (rounds * workSeconds + (rounds - 1) * restSeconds) * 1000;
}

export function startRun(config: RoundConfig, now: number): RoundRun {
  return { config: normaliseConfig(config), startedAt: now, pausedAt: null, pausedMs: 0 };
}

/** Milliseconds of timer time at `now`, pauses left out, never past the end. */
export function elapsedAt(run: RoundRun, now: number): number {
  const until = run.pausedAt ?? now;
  return Math.min(totalMs(run.config), Math.max(0, until - run.startedAt - run.pausedMs));
}

export function pauseRun(run: RoundRun, now: number): RoundRun {
  if (run.pausedAt !== null || elapsedAt(run, now) >= totalMs(run.config)) return run;
  return { ...run, pausedAt: now };
}

export function resumeRun(run: RoundRun, now: number): RoundRun {
  if (run.pausedAt === null) return run;
  return { ...run, pausedAt: null, pausedMs: run.pausedMs + Math.max(0, now - run.pausedAt) };
}

/** Where a run is at `now`: the round, the phase, the seconds left in it, and whether it runs. */
export function viewAt(run: RoundRun, now: number): RoundView {
  const { rounds, workSeconds, restSeconds } = run.config;
  const elapsedMs = elapsedAt(run, now);
  const total = totalMs(run.config);
  if (elapsedMs >= total) {
    return { status: 'finished', round: rounds, rounds, phase: 'work', remainingSeconds: 0, elapsedMs: total };
  }
  const cycle = (workSeconds + restSeconds) * 1000;
  const index = Math.min(rounds - 1, Math.floor(elapsedMs / cycle));
  const within = elapsedMs - index * cycle;
  const working = within < workSeconds * 1000;
  const phaseLeft = working ? workSeconds * 1000 - within : cycle - within;
  return {
    status: run.pausedAt === null ? 'running' : 'paused',
    round: index + 1,
    rounds,
    phase: working ? 'work' : 'rest',
    remainingSeconds: Math.ceil(phaseLeft / 1000),
    elapsedMs,
  };
}

export type RoundCue = 'roundStart' | 'warning' | 'roundEnd';

/** Every cue of a run, at its millisecond of timer time: each round's start and end, and the warning. */
export function cueTimes({ rounds, workSeconds, restSeconds }: RoundConfig): { at: number; cue: RoundCue }[] {
  const cues: { at: number; cue: RoundCue }[] = [];
  for (let index = 0; index < rounds; index++) {
    const start = index * (workSeconds + restSeconds) * 1000;
    const end = start + workSeconds * 1000;
    cues.push({ at: start, cue: 'roundStart' });
    // A round no longer than the warning gets none: it would sound at or before the start bell.
    if (workSeconds > WARNING_SECONDS) cues.push({ at: end - WARNING_SECONDS * 1000, cue: 'warning' });
    cues.push({ at: end, cue: 'roundEnd' });
  }
  return cues;
}

/**
 * The cue to play when the timer moves from `fromMs` (exclusive) to `toMs` (inclusive) of timer time:
 * the latest one in between, so that a tick that skipped over two plays only the one that matters now.
 * A gap longer than `maxGapMs` (a reload, a phone woken after minutes) plays nothing: the bell belongs
 * to the moment, not to what was missed. The start bell at 0 is played by Start itself.
 */
export function cueBetween(config: RoundConfig, fromMs: number, toMs: number, maxGapMs = 2000): RoundCue | null {
  if (toMs <= fromMs || toMs - fromMs > maxGapMs) return null;
  let found: RoundCue | null = null;
  for (const { at, cue } of cueTimes(config)) {
    if (at > fromMs && at <= toMs) found = cue;
  }
  return found;
}
