import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUND_TIMER_STORAGE_KEY, useRoundTimerStore } from '@/features/coach/stores/round-timer-store';
import { renderWithApp } from '@/testing/render';
import { BELL_CUES } from './bell-cues';
import { RoundTimer } from './round-timer';

/** Where in the bell file each play started: the cue's segment start, in seconds. */
let cues: number[];

beforeEach(() => {
  cues = [];
  localStorage.clear();
  useRoundTimerStore.setState({ run: null });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    cues.push(this.currentTime);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const START = 1_800_000_000_000;
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
const named = (at: number) =>
  Object.entries(BELL_CUES).find(([, segment]) => segment.at === at)?.[0] ?? `unknown ${at}`;

async function renderRoundTimer(planned = { rounds: 5, workSeconds: 180, restSeconds: 60 }) {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const view = await renderWithApp(<RoundTimer sessionId={7} label="Sparring: Rounds" planned={planned} />);
  return view;
}

const group = () => screen.getByRole('group', { name: 'Round timer: Sparring: Rounds' });
const setField = (name: string, value: string) =>
  fireEvent.change(within(group()).getByRole('spinbutton', { name }), { target: { value } });

describe('RoundTimer', () => {
  it('starts with the planned rounds, which can be changed before the start', async () => {
    await renderRoundTimer();
    expect(group()).toHaveTextContent('Planned: 5 × 03:00, rest 01:00.');
    expect(screen.getByRole('spinbutton', { name: 'Rounds' })).toHaveValue(5);
    expect(screen.getByRole('spinbutton', { name: 'Work minutes' })).toHaveValue(3);
    expect(screen.getByRole('spinbutton', { name: 'Rest minutes' })).toHaveValue(1);
    setField('Rounds', '0');
    expect(screen.getByRole('button', { name: 'Start rounds' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Rounds are 1 to 30');
  });

  it('runs 3 x 0:05 / 0:03 to the end with the bell at each round start and end', async () => {
    await renderRoundTimer();
    setField('Rounds', '3');
    setField('Work minutes', '0');
    setField('Work seconds', '5');
    setField('Rest minutes', '0');
    setField('Rest seconds', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Start rounds' }));
    const clock = () => within(group()).getByRole('timer');
    expect(clock()).toHaveTextContent('00:05');
    expect(group()).toHaveTextContent('Round 1 / 3');
    await advance(5000);
    expect(group()).toHaveTextContent('Round 1 / 3');
    expect(group()).toHaveTextContent('Rest');
    expect(clock()).toHaveTextContent('00:03');
    await advance(3000);
    expect(group()).toHaveTextContent('Round 2 / 3');
    await advance(13_000);
    expect(group()).toHaveTextContent('Round 3 / 3');
    expect(group()).toHaveTextContent('Time!');
    expect(cues.map(named)).toEqual(['start', 'finish', 'start', 'finish', 'start', 'finish']);
  });

  it('warns ten seconds before the end of a round with its own cue', async () => {
    await renderRoundTimer({ rounds: 1, workSeconds: 30, restSeconds: 60 });
    fireEvent.click(screen.getByRole('button', { name: 'Start rounds' }));
    await advance(19_000);
    expect(cues.map(named)).toEqual(['start']);
    await advance(1000);
    expect(cues.map(named)).toEqual(['start', 'warning']);
    await advance(10_000);
    expect(cues.map(named)).toEqual(['start', 'warning', 'finish']);
  });

  it('keeps the run across a reload and pauses where it stood', async () => {
    const first = await renderRoundTimer({ rounds: 3, workSeconds: 5, restSeconds: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Start rounds' }));
    await advance(6000);
    first.unmount();
    expect(JSON.parse(localStorage.getItem(ROUND_TIMER_STORAGE_KEY) ?? 'null')).toMatchObject({
      state: { run: { sessionId: 7, startedAt: START, pausedAt: null, pausedMs: 0 } },
    });
    // A reload: the page's memory is gone, local storage is not.
    const stored = localStorage.getItem(ROUND_TIMER_STORAGE_KEY) ?? '';
    useRoundTimerStore.setState({ run: null });
    localStorage.setItem(ROUND_TIMER_STORAGE_KEY, stored);
    await act(() => useRoundTimerStore.persist.rehydrate());
    cues = [];
    await renderWithApp(
      <RoundTimer sessionId={7} label="Sparring: Rounds" planned={{ rounds: 1, workSeconds: 60, restSeconds: 0 }} />,
    );
    // 6 s in: round 1's rest with 2 s left, and no bell for what the reload skipped.
    expect(group()).toHaveTextContent('Round 1 / 3');
    expect(within(group()).getByRole('timer')).toHaveTextContent('00:02');
    expect(cues).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await advance(60_000);
    expect(within(group()).getByRole('timer')).toHaveTextContent('00:02');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await advance(2000);
    expect(group()).toHaveTextContent('Round 2 / 3');
    expect(cues.map(named)).toEqual(['pauseResume', 'pauseResume', 'start']);
  });

  it('opens the mat view, and only one round timer runs at a time', async () => {
    await renderRoundTimer();
    fireEvent.click(screen.getByRole('button', { name: 'Start rounds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mat view' }));
    const mat = screen.getByRole('dialog', { name: 'Sparring: Rounds' });
    expect(within(mat).getByText('Round 1 / 5')).toBeVisible();
    expect(within(mat).getByRole('timer')).toHaveAccessibleName('Round 1 of 5, Work, 03:00 left');
    fireEvent.click(within(mat).getByRole('button', { name: 'Close the mat view' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    await renderWithApp(
      <RoundTimer sessionId={8} label="Other class" planned={{ rounds: 2, workSeconds: 60, restSeconds: 0 }} />,
    );
    expect(screen.getByText(/Another round timer is running \(Sparring: Rounds\)/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Stop the other timer and start' }));
    expect(useRoundTimerStore.getState().run).toMatchObject({ sessionId: 8, config: { rounds: 2 } });
  });

  it('refuses a negative part of a time, which ran shorter rounds than asked', async () => {
    await renderRoundTimer();
    setField('Work seconds', '-30');
    expect(screen.getByRole('button', { name: 'Start rounds' })).toBeDisabled();
    expect(screen.getByRole('alert')).toBeVisible();
    setField('Work seconds', '30');
    setField('Rest minutes', '-1');
    expect(screen.getByRole('button', { name: 'Start rounds' })).toBeDisabled();
  });

  it('keeps the keyboard focus on the timer: Start gives it to Pause, Reset to Start, and the mat view back to its button', async () => {
    await renderRoundTimer();
    const startButton = screen.getByRole('button', { name: 'Start rounds' });
    startButton.focus();
    fireEvent.click(startButton);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();
    const matButton = screen.getByRole('button', { name: 'Mat view' });
    matButton.focus();
    fireEvent.click(matButton);
    const mat = screen.getByRole('dialog', { name: 'Sparring: Rounds' });
    fireEvent.keyDown(mat, { key: 'Escape' });
    await advance(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mat view' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Mat view' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await advance(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start rounds' })).toHaveFocus();
  });
});
