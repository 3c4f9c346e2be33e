import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeSession } from './session-fixtures';
import { SessionList } from './session-list';

const LIST = 'GET /api/trainingsession';
const ORIGINAL_TZ = process.env.TZ;

afterEach(() => {
  vi.restoreAllMocks();
  process.env.TZ = ORIGINAL_TZ;
});

async function renderList(isStudent: boolean, language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<SessionList isStudent={isStudent} />, { path: '/class-session', language });
  return user;
}

const table = () => screen.getByRole('table', { name: 'Active Training Sessions' });
/** The body rows of the table, without the header row. */
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const columnTexts = (column: number) =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');

describe('SessionList', () => {
  it('shows the heading, the table title and every column header', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession()]) });
    await renderList(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your training session to check in' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Active Training Sessions' })).toBeVisible();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Training Date',
      'Start Time',
      'Description',
      'Capacity',
      'Duration (hours)',
      'Status',
      'Level',
      'Actions',
    ]);
    expect(await screen.findByText('Guard retention')).toBeVisible();
  });

  it('asks for the window the table shows: from the start of yesterday, local time, at most 100', async () => {
    process.env.TZ = 'America/Sao_Paulo';
    // 01:30 UTC on 16 March is still 15 March in São Paulo (UTC-3): yesterday there began on 14 March.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-16T01:30:00Z') });
    const http = stubFetch({ [LIST]: () => json(200, [makeSession()]) });
    try {
      await renderList(false);
      await screen.findByText('Guard retention');
    } finally {
      vi.useRealTimers();
    }
    const [call] = http.callsTo(LIST);
    const query = new URLSearchParams(call?.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ from: '2025-03-14T03:00:00.000Z', limit: '100' });
  });

  it('says it is loading while the list is on its way', async () => {
    stubFetch({ [LIST]: () => new Promise<Response>(() => undefined) });
    await renderList(false);
    expect(within(table()).getByRole('status')).toHaveTextContent('Loading data from API...');
    expect(screen.queryByText('No results.')).toBeNull();
  });

  it('shows No results. in the table body when there are no sessions', async () => {
    stubFetch({ [LIST]: () => json(200, []) });
    await renderList(false);
    const empty = await within(table()).findByRole('cell', { name: 'No results.' });
    expect(empty).toHaveAttribute('colspan', '8');
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('shows and logs a failure to load the list', async () => {
    stubFetch({ [LIST]: () => problem(500, 'Database unavailable') });
    await renderList(false);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error fetching training sessions');
    expect(screen.queryByRole('table')).toBeNull();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching training sessions')]);
  });

  it('shows the date part only and the start time, in the local time zone', async () => {
    // 01:30 UTC on 16 March is still 15 March, 22:30 in São Paulo (UTC-3).
    process.env.TZ = 'America/Sao_Paulo';
    stubFetch({ [LIST]: () => json(200, [makeSession({ trainingDate: '2025-03-16T01:30:00Z', duration: 1.25 })]) });
    await renderList(false);
    await screen.findByText('Guard retention');
    const cells = within(bodyRows()[0] ?? table()).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^Mar 15, 2025$/);
    expect(cells[1]).toHaveTextContent(/^10:30\sPM$/);
    expect(cells[3]).toHaveTextContent('20');
    expect(cells[4]).toHaveTextContent('1.25');
    expect(cells[5]).toHaveTextContent('Active');
    expect(cells[6]).toHaveTextContent('Intermediate');
  });

  it('sorts by a column when its header is clicked, and says which way', async () => {
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeSession({ id: 1, capacity: 30, description: 'Thirty' }),
          makeSession({ id: 2, capacity: 10, description: 'Ten' }),
          makeSession({ id: 3, capacity: 20, description: 'Twenty' }),
        ]),
    });
    const user = await renderList(false);
    await screen.findByText('Thirty');
    const header = screen.getByRole('columnheader', { name: 'Capacity' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(columnTexts(3)).toEqual(['30', '10', '20']);

    await user.click(within(header).getByRole('button', { name: 'Capacity' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(3)).toEqual(['10', '20', '30']);

    await user.click(within(header).getByRole('button', { name: 'Capacity' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(columnTexts(3)).toEqual(['30', '20', '10']);

    await user.click(screen.getByRole('button', { name: 'Description' }));
    expect(header).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Description' })).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(2)).toEqual(['Ten', 'Thirty', 'Twenty']);
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
  });

  it('shows 10 sessions a page, with previous and next', async () => {
    const sessions = Array.from({ length: 12 }, (_, index) =>
      makeSession({ id: index + 1, description: `Session ${index + 1}` }),
    );
    stubFetch({ [LIST]: () => json(200, sessions) });
    const user = await renderList(false);
    await screen.findByText('Session 1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.getByText('Session 10')).toBeVisible();
    expect(screen.queryByText('Session 11')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(columnTexts(2)).toEqual(['Session 11', 'Session 12']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
  });

  it('gives students a Check-In link per session and a disabled Create New Session button', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession({ id: 4 }), makeSession({ id: 9, description: 'Takedowns' })]) });
    await renderList(true);
    await screen.findByText('Takedowns');
    const checkIns = screen.getAllByRole('link', { name: 'Check-In' });
    expect(checkIns.map((link) => link.getAttribute('href'))).toEqual(['/session-details/4', '/session-details/9']);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage' })).toBeNull();
    const create = screen.getByRole('button', { name: 'Create New Session' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Only instructors can create sessions.');
    expect(screen.queryByRole('link', { name: 'Create New Session' })).toBeNull();
  });

  it('gives instructors Edit and Manage links and a Create New Session link', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession({ id: 4 })]) });
    await renderList(false);
    const row = await screen.findByRole('row', { name: /Guard retention/ });
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-session/4');
    expect(within(row).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/session-details/4');
    expect(within(row).queryByRole('link', { name: 'Check-In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create New Session' })).toHaveAttribute('href', '/create-session');
    expect(screen.queryByRole('button', { name: 'Create New Session' })).toBeNull();
  });

  it('lets the table scroll sideways in its own box on a narrow screen', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession()]) });
    await renderList(false);
    const region = screen.getByRole('region', { name: 'Active Training Sessions' });
    expect(region).toHaveClass('overflow-x-auto');
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBe(table());
  });

  it('speaks Polish', async () => {
    process.env.TZ = 'Europe/Warsaw';
    stubFetch({ [LIST]: () => json(200, [makeSession({ trainingDate: '2025-03-15T17:30:00Z', duration: 1.5 })]) });
    await renderList(true, 'pl');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Znajdź swoją sesję treningową, aby potwierdzić obecność' }),
    ).toBeVisible();
    const polishTable = screen.getByRole('table', { name: 'Aktywne sesje treningowe' });
    expect(within(polishTable).getByRole('columnheader', { name: 'Czas trwania (godziny)' })).toBeVisible();
    const link = await screen.findByRole('link', { name: 'Potwierdź obecność' });
    const cells = within(link.closest('tr') ?? polishTable).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('15 mar 2025');
    expect(cells[1]).toHaveTextContent(/^18:30$/);
    expect(cells[4]).toHaveTextContent('1,5');
    expect(cells[6]).toHaveTextContent('Średniozaawansowany');
    expect(screen.getByRole('button', { name: 'Utwórz nową sesję' })).toBeDisabled();
    expect(screen.getByText('Strona 1 z 1')).toBeVisible();
  });
});
