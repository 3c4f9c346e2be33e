import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { sevenDaysFrom } from '@/features/schedule/api/schedule-api';
import { browserTimeZone } from '@/features/schedule/utils/schedule-time';
import { daysOfWeek, WeekTimetable } from './week-timetable';
import { recurringClassFixture } from './schedule-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LIST = 'GET /api/trainingsession';
const CLASSES = 'GET /api/schedule/classes';

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

const recurringClass = (timeZone: string) => recurringClassFixture({ timeZone });

/** A zone that is surely not this machine's, for an academy far away. */
const otherZone = () => (browserTimeZone() === 'Pacific/Chatham' ? 'America/Anchorage' : 'Pacific/Chatham');

/** Sunday 22 March 2026, noon local time (Monday the 16th starts that week). */
const SUNDAY = new Date(2026, 2, 22, 12);

/** Only Date is faked, so that promises and timers of the page run as usual. */
function itIs(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
}

const queryOf = (path: string | undefined) => new URLSearchParams(path?.split('?')[1]);

describe('sevenDaysFrom and daysOfWeek', () => {
  it('runs seven days from local midnight of today, so that a Sunday shows the coming week', () => {
    const days = sevenDaysFrom(SUNDAY);
    expect(days.from).toEqual(new Date(2026, 2, 22));
    expect(days.to).toEqual(new Date(2026, 2, 29));
    expect(sevenDaysFrom(SUNDAY, 1)).toEqual({ from: new Date(2026, 2, 29), to: new Date(2026, 3, 5) });
    expect(sevenDaysFrom(SUNDAY, -1)).toEqual({ from: new Date(2026, 2, 15), to: new Date(2026, 2, 22) });
  });

  it('puts each session on its local day in start order', () => {
    const days = daysOfWeek(new Date(2026, 2, 16), [
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
  it("shows the coming days' classes by day, each with its name, level and places, leading to the session", async () => {
    const days = sevenDaysFrom();
    const inTwoDays = new Date(days.from.getFullYear(), days.from.getMonth(), days.from.getDate() + 2, 18);
    const { callsTo } = stubFetch({
      [LIST]: () => json(200, [session(7, inTwoDays, 'Gi Fundamentals\n\nEscapes')]),
    });
    await renderWithApp(<WeekTimetable />);
    const links = await screen.findAllByRole('link', { name: /Gi Fundamentals/ });
    // The desktop grid and the phone's day list (CSS shows one of them).
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/session-details/7');
    expect(within(links[0]!).getByText('2/24 places')).toBeVisible();
    expect(within(links[0]!).getByText('Beginner')).toBeVisible();
    const query = queryOf(callsTo(LIST)[0]?.path);
    expect(query.get('from')).toBe(days.from.toISOString());
    expect(query.get('to')).toBe(days.to.toISOString());
  });

  it("on a Sunday shows today and the coming week's classes, not the week that is ending", async () => {
    itIs(SUNDAY);
    const { callsTo } = stubFetch({
      [LIST]: () =>
        json(200, [
          session(7, new Date(2026, 2, 22, 10), 'Open Mat'),
          session(8, new Date(2026, 2, 23, 18), 'Gi Fundamentals'),
          session(9, new Date(2026, 2, 28, 11), 'Competition Class'),
        ]),
    });
    await renderWithApp(<WeekTimetable />);
    expect(await screen.findAllByRole('link', { name: /Gi Fundamentals/ })).toHaveLength(2);
    const query = queryOf(callsTo(LIST)[0]?.path);
    expect(query.get('from')).toBe(new Date(2026, 2, 22).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 2, 29).toISOString());
    expect(screen.getByTestId('timetable-range')).toHaveTextContent('Mar 22 – 28');
    // The grid's columns, today first; each header is short (weekday, then the date on its own line).
    const grid = screen.getAllByRole('list')[0]!;
    const headers = within(grid).getAllByRole('heading', { level: 3 });
    expect(headers.map((header) => header.textContent)).toEqual([
      'Sunday, March 22 (Today)SunTodayMar 22',
      'Monday, March 23MonMar 23',
      'Tuesday, March 24TueMar 24',
      'Wednesday, March 25WedMar 25',
      'Thursday, March 26ThuMar 26',
      'Friday, March 27FriMar 27',
      'Saturday, March 28SatMar 28',
    ]);
    expect(headers[1]).toHaveAccessibleName('Monday, March 23');
    expect(screen.getAllByRole('heading', { name: /Saturday, March 28/ }).length).toBeGreaterThan(0);
  });

  it('moves a week on and back, and back to today', async () => {
    itIs(SUNDAY);
    const { callsTo } = stubFetch({
      [LIST]: (call) =>
        json(
          200,
          queryOf(call.path).get('from') === new Date(2026, 2, 29).toISOString()
            ? [session(9, new Date(2026, 2, 30, 18), 'Next Week Class')]
            : [session(8, new Date(2026, 2, 23, 18), 'Gi Fundamentals')],
        ),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<WeekTimetable />);
    await screen.findAllByRole('link', { name: /Gi Fundamentals/ });
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findAllByRole('link', { name: /Next Week Class/ })).toHaveLength(2);
    expect(screen.getByTestId('timetable-range')).toHaveTextContent('Mar 29 – Apr 4');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findAllByRole('link', { name: /Gi Fundamentals/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByTestId('timetable-range')).toHaveTextContent('Mar 15 – 21');
    expect(callsTo(LIST).map((call) => queryOf(call.path).get('from'))).toEqual([
      new Date(2026, 2, 22).toISOString(),
      new Date(2026, 2, 29).toISOString(),
      new Date(2026, 2, 15).toISOString(),
    ]);
  });

  it('shows times as the session list does: 12-hour with AM/PM in English', async () => {
    itIs(SUNDAY);
    stubFetch({ [LIST]: () => json(200, [session(8, new Date(2026, 2, 23, 18), 'Gi Fundamentals')]) });
    await renderWithApp(<WeekTimetable />);
    const [link] = await screen.findAllByRole('link', { name: /Gi Fundamentals/ });
    expect(link).toHaveTextContent('6:00 – 7:00 PM');
  });

  it('speaks Polish, with 24-hour times', async () => {
    itIs(SUNDAY);
    stubFetch({ [LIST]: () => json(200, [session(8, new Date(2026, 2, 23, 18), 'Gi Fundamentals')]) });
    await renderWithApp(<WeekTimetable />, { language: 'pl' });
    const [link] = await screen.findAllByRole('link', { name: /Gi Fundamentals/ });
    expect(link).toHaveTextContent('18:00–19:00');
    expect(screen.getByRole('heading', { name: 'Plan zajęć' })).toBeVisible();
    expect(screen.getAllByRole('heading', { name: 'poniedziałek, 23 marca' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Następny tydzień' })).toBeVisible();
  });

  it('marks a holiday on its day, so that a day with no class says why, on the grid and in the phone’s list', async () => {
    itIs(SUNDAY);
    stubFetch({
      [LIST]: () => json(200, [session(8, new Date(2026, 2, 23, 18), 'Gi Fundamentals')]),
      'GET /api/schedule/holidays': () =>
        json(200, [
          { id: 1, date: '2026-03-25', name: 'Easter break' },
          { id: 2, date: '2026-04-20', name: 'Later' },
        ]),
    });
    await renderWithApp(<WeekTimetable />);
    // The desktop grid and the phone's day list (CSS shows one of them).
    const marks = await screen.findAllByTestId('timetable-holiday');
    expect(marks.map((mark) => mark.textContent)).toEqual(['Holiday: Easter break', 'Holiday: Easter break']);
    const [gridDay, listDay] = marks.map((mark) => mark.closest('li'));
    expect(within(gridDay!).getByRole('heading')).toHaveTextContent('Wednesday, March 25');
    expect(within(listDay!).getByRole('heading')).toHaveTextContent('Wednesday, March 25');
    // The phone's list names the holiday among the days that have classes.
    expect(screen.getAllByRole('heading', { name: 'Monday, March 23' })).toHaveLength(2);
  });

  it('names a holiday in Polish, and one without a name', async () => {
    itIs(SUNDAY);
    stubFetch({
      [LIST]: () => json(200, []),
      'GET /api/schedule/holidays': () =>
        json(200, [
          { id: 1, date: '2026-03-25', name: 'Przerwa' },
          { id: 2, date: '2026-03-26', name: '' },
        ]),
    });
    await renderWithApp(<WeekTimetable />, { language: 'pl' });
    const marks = await screen.findAllByTestId('timetable-holiday');
    expect(marks[0]).toHaveTextContent('Dzień wolny: Przerwa');
    // A holiday given no name says only that it is one.
    expect(marks[1]).toHaveTextContent(/^Dzień wolny$/);
  });

  it("names the time zone of the times when the academy's is another", async () => {
    const academy = otherZone();
    stubFetch({ [LIST]: () => json(200, []), [CLASSES]: () => json(200, [recurringClass(academy)]) });
    await renderWithApp(<WeekTimetable />);
    expect(
      await screen.findByText(`Times in your time zone, ${browserTimeZone()}. The academy's is ${academy}.`),
    ).toBeVisible();
  });

  it('names the time zone when the academy has no class to tell its own, and not when it is the same', async () => {
    stubFetch({ [LIST]: () => json(200, []), [CLASSES]: () => json(200, []) });
    const first = await renderWithApp(<WeekTimetable />);
    expect(await screen.findByText(`Times in ${browserTimeZone()}.`)).toBeVisible();
    first.unmount();
    vi.restoreAllMocks();

    const { callsTo } = stubFetch({
      [LIST]: () => json(200, []),
      [CLASSES]: () => json(200, [recurringClass(browserTimeZone())]),
    });
    await renderWithApp(<WeekTimetable />);
    await screen.findAllByText('No classes on these seven days.');
    await vi.waitFor(() => expect(callsTo(CLASSES)).toHaveLength(1));
    // Let the answer land before looking for the (absent) note.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^Times in/)).toBeNull();
  });

  it('says when the classes could not load, and loads them on Try again', async () => {
    const days = sevenDaysFrom();
    const inTwoDays = new Date(days.from.getFullYear(), days.from.getMonth(), days.from.getDate() + 2, 18);
    stubFetch({
      [LIST]: [
        () => problem(503, 'Busy'),
        () => problem(503, 'Busy'),
        () => json(200, [session(7, inTwoDays, 'Gi Fundamentals')]),
      ],
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<WeekTimetable />);
    expect(await screen.findByText('The classes could not be loaded.', {}, { timeout: 4000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('link', { name: /Gi Fundamentals/ })).toHaveLength(2);
  });
});
