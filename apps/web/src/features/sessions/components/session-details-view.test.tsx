import type { TrainingSessionDetails } from '@openmat/contract/sessions';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SessionDetailsView, type SessionDetailsViewProps } from './session-details-view';

const fighter = (id: number, fighterName: string, overrides: object = {}) => ({
  id,
  fighterName,
  height: 180,
  weight: 80,
  bmi: 24.69,
  gender: 'Male' as const,
  birthdate: '1990-01-01',
  fighterRole: 'Student' as const,
  maxWorkoutDuration: 5,
  beltColor: 'Blue' as const,
  experience: 1 as const,
  ...overrides,
});

const session: TrainingSessionDetails = {
  id: 3,
  trainingDate: '2026-12-01T17:30:00.000Z',
  description: 'Closed guard: armbar chain',
  capacity: 12,
  duration: 1.5,
  status: 'Active',
  targetLevel: 'Beginner',
  instructorId: 1,
  studentIds: [5, 6],
  instructor: fighter(1, 'Coach Ana', { fighterRole: 'Instructor', beltColor: 'Black' }),
  students: [fighter(5, 'Piotr'), fighter(6, 'Ola', { beltColor: null, weight: 55 })],
  walkInIds: [6],
  isCurriculumGenerated: false,
  rawFighterPairsJson: null,
};

function view(props: Partial<SessionDetailsViewProps> = {}, language: 'en' | 'pl' = 'en') {
  const handlers = { onAction: vi.fn(), onRemoveStudent: vi.fn() };
  const result = renderWithApp(
    <SessionDetailsView session={session} role={1} isOwner checkedIn={false} pending={null} {...handlers} {...props} />,
    { language },
  );
  return { ...handlers, result };
}

describe('SessionDetailsView', () => {
  // A week before the session: check-in is open.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('shows the instructor card with the duration in minutes, and the roster', async () => {
    await view().result;
    const card = screen.getByRole('heading', { name: 'Instructor' }).closest('div');
    expect(card).not.toBeNull();
    expect(screen.getByText('Coach Ana')).toBeInTheDocument();
    expect(screen.getByText('90 minutes')).toBeInTheDocument();
    expect(screen.getByText('2 of 12 places taken')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Beginner')).toBeInTheDocument();
    expect(screen.getByText('Closed guard: armbar chain')).toBeInTheDocument();
    const roster = screen.getByRole('list');
    expect(within(roster).getByText('Piotr')).toBeInTheDocument();
    expect(within(roster).getByText('Unranked · 55 kg · 180 cm')).toBeInTheDocument();
  });

  it('marks the walk-ins of the roster apart from the members who checked in', async () => {
    await view().result;
    const [piotr, ola] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(piotr).toHaveTextContent('Checked in');
    expect(piotr).not.toHaveTextContent('Walk-in');
    expect(ola).toHaveTextContent('Walk-in');
  });

  it('gives a student Check-In behind a confirmation, and no instructor actions', async () => {
    const { onAction, result } = view({ role: 0, isOwner: false });
    await result;
    expect(screen.queryByRole('button', { name: 'Take Attendance' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check-In' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Check in to this session?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onAction).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Check-In' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onAction).toHaveBeenCalledWith('checkIn');
  });

  it('disables Check-In for a student already on the roster', async () => {
    await view({ role: 0, isOwner: false, checkedIn: true }).result;
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeDisabled();
    expect(screen.getByText('You are on the roster for this session.')).toBeInTheDocument();
  });

  it('disables Check-In once the class has ended, and says why', async () => {
    // 17:30 UTC and 90 minutes: the class ends at 19:00 UTC.
    vi.setSystemTime(new Date('2026-12-01T18:59:00Z'));
    const during = view({ role: 0, isOwner: false });
    await during.result;
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeEnabled();
    (await during.result).unmount();
    vi.setSystemTime(new Date('2026-12-01T19:00:00Z'));
    await view({ role: 0, isOwner: false }).result;
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeDisabled();
    expect(screen.getByText('This class has ended, so check-in is closed.')).toBeVisible();
  });

  it('disables Check-In on a full class for a student not on the roster, and says why', async () => {
    // Two students in a class of two: the server would refuse a third.
    await view({ role: 0, isOwner: false, session: { ...session, capacity: 2 } }).result;
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeDisabled();
    expect(screen.getByText('This class is full, so check-in is closed.')).toBeVisible();
  });

  it('says in Polish why a full class takes no check-in', async () => {
    await view({ role: 0, isOwner: false, session: { ...session, capacity: 2 } }, 'pl').result;
    expect(screen.getByText('Na tych zajęciach nie ma już wolnych miejsc, więc zapisy są zamknięte.')).toBeVisible();
  });

  it('keeps Check-In open while a place is free', async () => {
    await view({ role: 0, isOwner: false, session: { ...session, capacity: 3 } }).result;
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeEnabled();
    expect(screen.queryByText('This class is full, so check-in is closed.')).toBeNull();
  });

  it('shows a class that is over as Ended and tells a student no pairs were made, not to wait for PAIR UP', async () => {
    // Two days after the class: it is still Active on the server, since nobody closed it.
    vi.setSystemTime(new Date('2026-12-03T18:00:00Z'));
    await view({ role: 0, isOwner: false }).result;
    const status = screen.getByText('Status').closest('div');
    expect(within(status ?? document.body).getByText('Ended')).toBeVisible();
    expect(within(status ?? document.body).queryByText('Active')).toBeNull();
    expect(screen.getByText('This class has ended without pairs.')).toBeVisible();
    expect(screen.queryByText(/PAIR UP/)).toBeNull();
  });

  it('keeps Active and the PAIR UP hint for a student before the class', async () => {
    await view({ role: 0, isOwner: false }).result;
    const status = screen.getByText('Status').closest('div');
    expect(within(status ?? document.body).getByText('Active')).toBeVisible();
    expect(screen.getByText('No pairs yet. The instructor pairs the class with PAIR UP.')).toBeVisible();
  });

  it("tells a checked-in student You're checked in and lets them cancel until the class starts", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T17:00:00Z') });
    try {
      const { onAction, result } = view({ role: 0, isOwner: false, checkedIn: true });
      await result;
      expect(screen.getByText("You're checked in")).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Cancel check-in' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Cancel your check-in?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(onAction).toHaveBeenCalledWith('cancelCheckIn');

      // Half an hour later the class has started: the check-in stays, with no way to cancel it.
      vi.setSystemTime(new Date('2026-12-01T17:30:00Z'));
      await view({ role: 0, isOwner: false, checkedIn: true }, 'pl').result;
      expect(screen.getByText('Zapisano cię')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Odwołaj zapis' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the owning instructor Take Attendance, PAIR UP and Generate Today’s Lessons, each confirmed', async () => {
    const { onAction, result } = view();
    await result;
    for (const [name, action] of [
      ['Take Attendance', 'attendance'],
      ['PAIR UP', 'pairUp'],
      ["Generate Today's Lessons", 'generate'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name }));
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
      expect(onAction).toHaveBeenLastCalledWith(action);
    }
  });

  it('lets the owner remove a student after confirming, and tells another instructor it is not theirs', async () => {
    const { onRemoveStudent, result } = view();
    await result;
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ola from the session' }));
    expect(screen.getByText('Ola will be taken off the roster and their place freed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onRemoveStudent).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }));
  });

  it('disables PAIR UP until at least two students are on the roster, and says why', async () => {
    await view({ session: { ...session, studentIds: [5], students: session.students.slice(0, 1) } }).result;
    expect(screen.getByRole('button', { name: 'PAIR UP' })).toBeDisabled();
    expect(screen.getByText('PAIR UP needs at least two students on the roster.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take Attendance' })).toBeEnabled();
  });

  it('shows the pending label and disables the actions while one runs', async () => {
    await view({ role: 0, isOwner: false, pending: 'checkIn' }).result;
    expect(screen.getByRole('button', { name: 'Checking in...' })).toBeDisabled();
  });

  it('lists the saved fighter pairs', async () => {
    const rawFighterPairsJson = JSON.stringify({
      pairs: [{ fighter1_id: 5, fighter1_name: 'Piotr', fighter2_id: 6, fighter2_name: 'Ola' }],
      unpaired_student: { studentId: 7, studentName: 'Kuba', reason: 'the next-closest partner is 29 kg heavier' },
      pairing_rationale: 'Paired by weight within 8 kg.',
    });
    await view({ session: { ...session, rawFighterPairsJson } }).result;
    const pairs = screen
      .getByRole('heading', { name: 'Fighter pairs' })
      .closest('[aria-labelledby="fighter-pairs-title"]');
    expect(pairs).toHaveTextContent('Piotr & Ola');
    expect(pairs).toHaveTextContent('Sitting out this round: Kuba (the next-closest partner is 29 kg heavier)');
  });

  it('lets the owner ask for the next round of pairs', async () => {
    const rawFighterPairsJson = JSON.stringify({
      pairs: [{ fighter1_id: 5, fighter1_name: 'Piotr', fighter2_id: 6, fighter2_name: 'Ola' }],
      unpaired_student: null,
      pairing_rationale: 'Paired by weight.',
      round: 2,
    });
    const { onAction, result } = view({ session: { ...session, rawFighterPairsJson } });
    await result;
    expect(screen.getByText('Round 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next round' }));
    expect(onAction).toHaveBeenCalledWith('nextRound');
  });

  it('speaks Polish, and writes weights and heights the Polish way', async () => {
    const weighed = { ...session, students: [fighter(5, 'Piotr', { weight: 72.5, height: 180.5 })] };
    await view({ role: 0, isOwner: false, session: weighed }, 'pl').result;
    expect(screen.getByRole('button', { name: 'Zapisz się' })).toBeInTheDocument();
    expect(screen.getByText('90 min')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByText(/· 72,5 kg · 180,5 cm$/)).toBeInTheDocument();
  });
});
