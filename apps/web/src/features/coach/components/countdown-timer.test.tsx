import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { BELL_SOUND_URL } from './bell-cues';
import { CountdownTimer } from './countdown-timer';

/** What the audio element was told to do, with the (fake) time of each call. */
let sound: string[];
let playResult: () => Promise<void>;

beforeEach(() => {
  sound = [];
  playResult = () => Promise.resolve();
  // jsdom has no media playback: record the calls instead.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    sound.push(`${Date.now()} play ${new URL(this.src).pathname} at ${this.currentTime}`);
    return playResult();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {
    sound.push(`${Date.now()} pause`);
  });
});

afterEach(() => {
  // Unmount while play and pause are still stubbed: an unmounted timer stops its audio.
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const START = 1_000_000;

async function renderTimer(minutes: number, onComplete?: () => void) {
  await renderWithApp(<CountdownTimer minutes={minutes} label="Warm-up" onComplete={onComplete} />);
  vi.useFakeTimers({ now: START });
  return {
    clock: () => screen.getByRole('timer'),
    button: (name: string) => screen.getByRole('button', { name }),
    bar: () => screen.getByRole('progressbar', { name: 'Time remaining' }),
  };
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
const seconds = (count: number) => advance(count * 1000);
const plays = () => sound.filter((line) => line.includes('play'));

describe('CountdownTimer', () => {
  it('goes idle → running → paused → running, and Reset returns to full time and stops the audio', async () => {
    const { clock, button, bar } = await renderTimer(1);
    expect(screen.getByRole('group', { name: 'Timer: Warm-up' })).toBeVisible();
    expect(clock()).toHaveTextContent('01:00');
    expect(bar()).toHaveAttribute('aria-valuenow', '100');

    fireEvent.click(button('Start'));
    await seconds(3);
    expect(clock()).toHaveTextContent('00:57');
    expect(screen.getByText('Running')).toBeVisible();

    fireEvent.click(button('Pause'));
    await seconds(5);
    expect(clock()).toHaveTextContent('00:57');
    expect(screen.getByText('Paused')).toBeVisible();

    fireEvent.click(button('Resume'));
    await seconds(27);
    expect(clock()).toHaveTextContent('00:30');
    expect(bar()).toHaveAttribute('aria-valuenow', '50');

    sound = [];
    fireEvent.click(button('Reset'));
    expect(clock()).toHaveTextContent('01:00');
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(button('Start')).toBeEnabled();
    expect(sound).toEqual([`${Date.now()} pause`]);
    await seconds(5);
    expect(clock()).toHaveTextContent('01:00');
  });

  it('plays the cues of the one bell file: start at 0 s, pause and resume at 9 s, each for 2 s', async () => {
    const { button } = await renderTimer(1);
    fireEvent.click(button('Start'));
    expect(plays()).toEqual([`${START} play ${BELL_SOUND_URL} at 0`]);
    await advance(1999);
    expect(sound.at(-1)).toContain('play');
    await advance(1);
    expect(sound.at(-1)).toBe(`${START + 2000} pause`);

    fireEvent.click(button('Pause'));
    fireEvent.click(button('Resume'));
    expect(plays().slice(1)).toEqual([
      `${START + 2000} play ${BELL_SOUND_URL} at 9`,
      `${START + 2000} play ${BELL_SOUND_URL} at 9`,
    ]);
    await seconds(2);
    expect(sound.at(-1)).toBe(`${START + 4000} pause`);
  });

  it('plays the finish cue at 17 s for 3 s, calls onComplete once and stops at 00:00', async () => {
    const onComplete = vi.fn();
    const { clock, button, bar } = await renderTimer(0.25, onComplete);
    button('Start').focus();
    fireEvent.click(button('Start'));
    expect(button('Pause')).toHaveFocus();
    await seconds(14);
    expect(onComplete).not.toHaveBeenCalled();
    await seconds(1);
    expect(clock()).toHaveTextContent('00:00');
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(plays().at(-1)).toBe(`${START + 15_000} play ${BELL_SOUND_URL} at 17`);
    expect(screen.getByText("Time's up!")).toBeVisible();
    expect(button('Start')).toBeDisabled();
    // The focus was on the button that is now disabled: it goes on to Reset.
    expect(button('Reset')).toHaveFocus();

    await advance(2999);
    expect(sound.at(-1)).toContain('at 17');
    await seconds(10);
    expect(sound.at(-1)).toBe(`${START + 18_000} pause`);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(clock()).toHaveTextContent('00:00');
  });

  it('shows the time the clock says when a locked phone wakes, and rings at the end', async () => {
    const onComplete = vi.fn();
    const { clock, button } = await renderTimer(1, onComplete);
    fireEvent.click(button('Start'));
    await seconds(10);
    expect(clock()).toHaveTextContent('00:50');
    // The phone locks for 30 s: the page runs nothing, and the clock moves on.
    vi.setSystemTime(Date.now() + 30_000);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(clock()).toHaveTextContent('00:20');
    expect(screen.getByText('Running')).toBeVisible();
    await seconds(20);
    expect(clock()).toHaveTextContent('00:00');
    expect(plays().at(-1)).toBe(`${START + 60_000} play ${BELL_SOUND_URL} at 17`);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('keeps the time left through a lock while paused, and runs on from it', async () => {
    const { clock, button } = await renderTimer(1);
    fireEvent.click(button('Start'));
    await seconds(5);
    fireEvent.click(button('Pause'));
    vi.setSystemTime(Date.now() + 600_000);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await seconds(2);
    expect(clock()).toHaveTextContent('00:55');
    fireEvent.click(button('Resume'));
    await seconds(5);
    expect(clock()).toHaveTextContent('00:50');
  });

  it('shows the end, completes, and does not ring late when the phone wakes after the end', async () => {
    const onComplete = vi.fn();
    const { clock, button } = await renderTimer(0.25, onComplete);
    fireEvent.click(button('Start'));
    await seconds(5);
    vi.setSystemTime(Date.now() + 60_000);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(clock()).toHaveTextContent('00:00');
    expect(screen.getByText("Time's up!")).toBeVisible();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(plays()).toEqual([`${START} play ${BELL_SOUND_URL} at 0`]);
    await seconds(20);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen awake while it runs, as the round timer’s mat view does', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ released: false, release }));
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    try {
      const { button } = await renderTimer(1);
      expect(request).not.toHaveBeenCalled();
      fireEvent.click(button('Start'));
      await advance(0);
      expect(request).toHaveBeenCalledWith('screen');
      fireEvent.click(button('Pause'));
      await advance(0);
      expect(release).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });

  it('ignores Start when the duration is 0', async () => {
    const { clock, button } = await renderTimer(0);
    expect(clock()).toHaveTextContent('00:00');
    expect(button('Start')).toBeDisabled();
    fireEvent.click(button('Start'));
    await seconds(2);
    expect(clock()).toHaveTextContent('00:00');
    expect(sound).toEqual([]);
  });

  it('turns yellow at 25 % left and red and pulsing at 10 s', async () => {
    const { clock, button } = await renderTimer(1);
    fireEvent.click(button('Start'));
    await seconds(44);
    expect(clock()).toHaveAttribute('data-urgency', 'normal');
    await seconds(1);
    expect(clock()).toHaveTextContent('00:15');
    expect(clock()).toHaveAttribute('data-urgency', 'warning');
    expect(clock()).toHaveClass('text-yellow-700');
    await seconds(5);
    expect(clock()).toHaveTextContent('00:10');
    expect(clock()).toHaveAttribute('data-urgency', 'critical');
    expect(clock()).toHaveClass('text-red-600', 'animate-pulse');
  });

  it('never turns red for a timer of 10 s or less', async () => {
    const { clock, button } = await renderTimer(10 / 60);
    expect(clock()).toHaveTextContent('00:10');
    fireEvent.click(button('Start'));
    await seconds(5);
    expect(clock()).toHaveAttribute('data-urgency', 'normal');
    expect(clock()).not.toHaveClass('animate-pulse');
  });

  it('shows fractions of a minute as mm:ss', async () => {
    const { clock } = await renderTimer(7.5);
    expect(clock()).toHaveTextContent('07:30');
  });

  it('keeps counting, without a console error, when the browser refuses to play', async () => {
    playResult = () => Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    const { clock, button } = await renderTimer(1);
    fireEvent.click(button('Start'));
    await seconds(2);
    expect(clock()).toHaveTextContent('00:58');
  });

  it('keeps the focus on the one Start / Pause / Resume button', async () => {
    const { button } = await renderTimer(1);
    const start = button('Start');
    start.focus();
    fireEvent.click(start);
    expect(button('Pause')).toBe(start);
    expect(start).toHaveFocus();
  });

  it('starts afresh when the duration changes', async () => {
    const view = await renderWithApp(<CountdownTimer minutes={1} label="Drill" />);
    vi.useFakeTimers({ now: START });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await seconds(3);
    view.rerender(<CountdownTimer minutes={2} label="Drill" />);
    expect(screen.getByRole('timer')).toHaveTextContent('02:00');
  });
});
