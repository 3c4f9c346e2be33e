import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { browserTimeZone } from '@/features/schedule/utils/schedule-time';
import { RecurringClassList } from './recurring-class-list';
import { recurringClassFixture } from './schedule-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

const recurringClass = (id: number, name: string, instructorId: number, timeZone = 'Europe/Warsaw') =>
  recurringClassFixture({ id, name, instructorId, timeZone });

/** A zone that is surely not this machine's, for an academy far away. */
const otherZone = () => (browserTimeZone() === 'Pacific/Chatham' ? 'America/Anchorage' : 'Pacific/Chatham');

const CLASSES = 'GET /api/schedule/classes';

async function renderList(language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<RecurringClassList instructorId={7} />, {
    path: '/schedule',
    language,
    routes: [
      { path: '/schedule', element: <RecurringClassList instructorId={7} /> },
      { path: '/schedule/:classId/edit', element: <h1>Edit class page</h1> },
    ],
  });
  return user;
}

describe('RecurringClassList', () => {
  it("lists the instructor's own classes with their days and time, and Edit opens the class form", async () => {
    stubFetch({
      [CLASSES]: () => json(200, [recurringClass(3, 'Gi Fundamentals', 7), recurringClass(4, 'No-Gi', 8)]),
    });
    const user = await renderList();
    const item = (await screen.findByText('Gi Fundamentals')).closest('li');
    if (!item) throw new Error('no list item');
    // The start time reads as the session list's times do: 12-hour in English.
    expect(item).toHaveTextContent('Mon, Wed · 6:00 PM · 60 min · Beginner · 24 places');
    expect(screen.queryByText('No-Gi')).toBeNull();
    await user.click(within(item).getByRole('link', { name: 'Edit Gi Fundamentals' }));
    expect(await screen.findByRole('heading', { name: 'Edit class page' })).toBeVisible();
  });

  it('says when the classes could not load, and loads them on Try again', async () => {
    stubFetch({
      [CLASSES]: [
        () => problem(503, 'Busy'),
        () => problem(503, 'Busy'),
        () => json(200, [recurringClass(3, 'Gi Fundamentals', 7)]),
      ],
    });
    const user = await renderList();
    expect(await screen.findByText('The recurring classes could not be loaded.', {}, { timeout: 4000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gi Fundamentals')).toBeVisible();
  });

  it('ends a class only after the confirmation, and says which sessions stayed for their check-ins', async () => {
    const { callsTo } = stubFetch({
      [CLASSES]: [() => json(200, [recurringClass(3, 'Gi Fundamentals', 7)]), () => json(200, [])],
      'DELETE /api/schedule/classes/3': () => json(200, { keptSessionIds: [11] }),
    });
    const user = await renderList();
    const endButton = await screen.findByRole('button', { name: 'End Gi Fundamentals' });
    // Its icon is a calendar crossed out (an empty square, lucide's "Square", read as a missing glyph).
    expect(endButton.querySelector('svg.lucide-calendar-x')).not.toBeNull();
    await user.click(endButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'End Gi Fundamentals?' });
    expect(dialog).toHaveTextContent('This and the following sessions of the class are removed from the schedule.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /api/schedule/classes/3')).toHaveLength(0);

    // The keyboard reaches End and the dialog's button.
    screen.getByRole('button', { name: 'End Gi Fundamentals' }).focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'End Gi Fundamentals?' });
    await user.click(within(again).getByRole('button', { name: 'End class' }));
    expect(await screen.findByText('Gi Fundamentals has ended')).toBeVisible();
    expect(screen.getByText('1 session with check-ins was kept.')).toBeVisible();
    expect(callsTo('DELETE /api/schedule/classes/3')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('You have no recurring classes yet.')).toBeVisible());
  });

  it('tells apart the two parts of a class changed from a day on: until the day before, and from that day', async () => {
    stubFetch({
      [CLASSES]: () =>
        json(200, [
          recurringClassFixture({ id: 3, instructorId: 7, startsOn: '2026-03-02', endsOn: '2099-12-06' }),
          recurringClassFixture({ id: 4, instructorId: 7, startsOn: '2099-12-07', capacity: 15 }),
          recurringClassFixture({ id: 5, instructorId: 7, name: 'No-Gi', startsOn: '2026-03-02' }),
        ]),
    });
    await renderList();
    const [until, from, running] = (await screen.findAllByRole('listitem')).map((item) => item.textContent);
    expect(until).toContain('Until December 6, 2099');
    expect(from).toContain('From December 7, 2099');
    // A class that runs already, with no last day, needs no dates.
    expect(running).not.toMatch(/From|Until/);
  });

  it('says the dates in Polish', async () => {
    stubFetch({
      [CLASSES]: () =>
        json(200, [recurringClassFixture({ id: 3, instructorId: 7, startsOn: '2099-11-02', endsOn: '2099-12-06' })]),
    });
    await renderList('pl');
    expect(await screen.findByText('Od 2 listopada 2099 do 6 grudnia 2099')).toBeVisible();
  });

  it('speaks Polish', async () => {
    stubFetch({ [CLASSES]: () => json(200, [recurringClass(3, 'Gi Fundamentals', 7)]) });
    await renderList('pl');
    expect(await screen.findByRole('button', { name: 'Zakończ: Gi Fundamentals' })).toBeVisible();
    expect(screen.getByText(/24 miejsca/)).toBeVisible();
    expect(screen.getByText(/pon\., śr\. · 18:00 · 60 min/)).toBeVisible();
  });

  it("names the academy's time zone of the start times when it is not the browser's", async () => {
    const academy = otherZone();
    stubFetch({ [CLASSES]: () => json(200, [recurringClass(3, 'Gi Fundamentals', 7, academy)]) });
    await renderList();
    expect(await screen.findByText(`Start times are in the academy's time zone, ${academy}.`)).toBeVisible();
  });

  it("says nothing of the zone when the academy is in the browser's", async () => {
    stubFetch({ [CLASSES]: () => json(200, [recurringClass(3, 'Gi Fundamentals', 7, browserTimeZone())]) });
    await renderList('pl');
    expect(await screen.findByText('Gi Fundamentals')).toBeVisible();
    expect(screen.queryByText(/strefie czasowej/)).toBeNull();
  });
});
