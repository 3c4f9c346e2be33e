import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeSession, makeSessionDetails } from './session-fixtures';
import { SessionList } from './session-list';

const LIST = 'GET /api/trainingsession';
const ME = 42;
/** Before makeSession's default class (15 March 2025, 18:30 local) in any time zone. */
const MORNING = new Date('2025-03-15T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: MORNING });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const later = makeSession({
  id: 2,
  description: 'Leg locks',
  studentIds: [ME, 7],
  trainingDate: new Date(2025, 2, 16, 18, 30).toISOString(),
});
const sooner = makeSession({ id: 1, description: 'Guard retention', studentIds: [ME] });
const notMine = makeSession({ id: 3, description: 'Takedowns', studentIds: [7] });

async function renderList(fighterId: number | null = ME) {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<SessionList isStudent fighterId={fighterId} />, { path: '/class-session' });
  return user;
}

const box = () => screen.getByRole('region', { name: 'Your check-ins' });

describe('the student’s check-ins on the session list', () => {
  it("lists the student's upcoming check-ins first, soonest first, each saying You're checked in", async () => {
    stubFetch({ [LIST]: () => json(200, [later, notMine, sooner]) });
    await renderList();
    const items = await within(await screen.findByRole('region', { name: 'Your check-ins' })).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/You're checked in.*Guard retention/),
      expect.stringMatching(/You're checked in.*Leg locks/),
    ]);
    // The box comes before the table of every session.
    const heading = screen.getByRole('heading', { name: 'Active Training Sessions' });
    expect(box().compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing to a student with no check-in', async () => {
    stubFetch({ [LIST]: () => json(200, [notMine]) });
    await renderList();
    await screen.findAllByText('Takedowns');
    expect(screen.queryByRole('region', { name: 'Your check-ins' })).toBeNull();
  });

  it('cancels a check-in behind a confirmation, and the list is read again', async () => {
    const { callsTo } = stubFetch({
      [LIST]: [() => json(200, [sooner]), () => json(200, [{ ...sooner, studentIds: [] }])],
      'DELETE /api/trainingsession/1/checkin': () => json(200, makeSessionDetails({ id: 1, studentIds: [] })),
    });
    const user = await renderList();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Your check-ins' })).findByRole('button', {
        name: /^Cancel check-in/,
      }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel your check-in?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Your check-in is cancelled.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('DELETE /api/trainingsession/1/checkin')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your check-ins' })).toBeNull());
  });

  it('tells a cancel that failed in a toast too, with the reason, and keeps the check-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      [LIST]: () => json(200, [sooner]),
      'DELETE /api/trainingsession/1/checkin': () => problem(409, 'This class has already started.'),
    });
    const user = await renderList();
    const region = await screen.findByRole('region', { name: 'Your check-ins' });
    await user.click(await within(region).findByRole('button', { name: /^Cancel check-in/ }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel your check-in?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('This class has already started.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(region).getByRole('button', { name: /^Cancel check-in/ })).toBeVisible();
  });

  it('offers no cancel once the class has started', async () => {
    vi.setSystemTime(new Date(2025, 2, 15, 18, 45));
    stubFetch({ [LIST]: () => json(200, [sooner]) });
    await renderList();
    const region = await screen.findByRole('region', { name: 'Your check-ins' });
    expect(within(region).getByText('Started')).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^Cancel check-in/ })).toBeNull();
  });
});
