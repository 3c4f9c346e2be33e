import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { weekOf } from '@/features/schedule/api/schedule-api';
import { daysOfWeek, WeekTimetable } from './week-timetable';

afterEach(() => {
  vi.restoreAllMocks();
});

const session = (id: number, trainingDate: Date, description: string) => ({
  id,
  trainingDate: trainingDate.toISOString(),
  description,
  capacity: 24,
  duration: 1,
  status: 'Active',
  targetLevel: 'Beginner',
  instructorId: 1,
  studentIds: [5, 6],
  recurringClassId: 3,
  occurrenceDate: '2026-03-18',
});

describe('weekOf and daysOfWeek', () => {
  it('runs the week from Monday, local time, and puts each session on its local day in start order', () => {
    const week = weekOf(new Date(2026, 2, 19, 12));
    expect(week.from).toEqual(new Date(2026, 2, 16));
    expect(week.to).toEqual(new Date(2026, 2, 23));
    const days = daysOfWeek(week.from, [
      session(2, new Date(2026, 2, 18, 19), 'Late'),
      session(1, new Date(2026, 2, 18, 7), 'Early'),
      session(3, new Date(2026, 2, 22, 10), 'Sunday'),
    ] as never);
    expect(days.map((day) => day.sessions.map((s) => s.description))).toEqual([
      [],
      [],
      ['Early', 'Late'],
      [],
      [],
      [],
      ['Sunday'],
    ]);
  });
});

describe('WeekTimetable', () => {
  it("shows this week's classes by day, each with its name, level and places, leading to the session", async () => {
    const week = weekOf();
    const wednesday = new Date(week.from.getFullYear(), week.from.getMonth(), week.from.getDate() + 2, 18);
    const { calls } = stubFetch({
      'GET /api/trainingsession': () => json(200, [session(7, wednesday, 'Gi Fundamentals\n\nEscapes')]),
    });
    await renderWithApp(<WeekTimetable />);
    const links = await screen.findAllByRole('link', { name: /Gi Fundamentals/ });
    // The desktop grid and the phone's day list (CSS shows one of them).
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/session-details/7');
    expect(within(links[0]!).getByText('2/24 places')).toBeVisible();
    expect(within(links[0]!).getByText('Beginner')).toBeVisible();
    const query = new URLSearchParams(calls[0]?.path.split('?')[1]);
    expect(query.get('from')).toBe(week.from.toISOString());
    expect(query.get('to')).toBe(week.to.toISOString());
  });

  it('says when the week could not load, and loads it on Try again', async () => {
    const week = weekOf();
    const wednesday = new Date(week.from.getFullYear(), week.from.getMonth(), week.from.getDate() + 2, 18);
    stubFetch({
      'GET /api/trainingsession': [
        () => problem(503, 'Busy'),
        () => problem(503, 'Busy'),
        () => json(200, [session(7, wednesday, 'Gi Fundamentals')]),
      ],
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<WeekTimetable />);
    expect(await screen.findByText("This week's classes could not be loaded.", {}, { timeout: 4000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('link', { name: /Gi Fundamentals/ })).toHaveLength(2);
  });
});
