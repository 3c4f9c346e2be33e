import { useQueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { INSTRUCTOR, makeSession } from './session-fixtures';
import { SessionList } from './session-list';

const LIST = 'GET /api/trainingsession';
const ORIGINAL_TZ = process.env.TZ;
/**
 * Before every session of makeSession's default day (15 March 2025, 18:30 local) has started, in any
 * time zone: the sessions of most tests have not ended and sit in the Active Training Sessions box.
 */
const BEFORE_THE_SESSIONS = new Date('2025-03-15T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: BEFORE_THE_SESSIONS });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  process.env.TZ = ORIGINAL_TZ;
});

/** The list as a student or an instructor; `fighterId` is the signed-in user's fighter (none by default). */
async function renderList(isStudent: boolean, language: 'en' | 'pl' = 'en', fighterId: number | null = null) {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<SessionList isStudent={isStudent} fighterId={fighterId} />, {
    path: '/class-session',
    language,
  });
  return user;
}

const table = () => screen.getByRole('table', { name: 'Active Training Sessions' });
/** The cards the phone layout shows (jsdom has no CSS, so they are in the document next to the table). */
const cards = (name = 'Active Training Sessions') => within(screen.getByRole('list', { name })).getAllByRole('article');
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
    expect(await within(table()).findByText('Guard retention')).toBeVisible();
  });

  it('asks for the window the table shows: from the start of yesterday, local time, at most 100', async () => {
    process.env.TZ = 'America/Sao_Paulo';
    // 01:30 UTC on 16 March is still 15 March in São Paulo (UTC-3): yesterday there began on 14 March.
    vi.setSystemTime(new Date('2025-03-16T01:30:00Z'));
    const http = stubFetch({ [LIST]: () => json(200, [makeSession()]) });
    try {
      await renderList(false);
      // By then the session (18:30 to 20:00 on 15 March) has ended: it is among the earlier ones.
      const earlier = await screen.findByRole('table', { name: 'Earlier sessions' });
      expect(within(earlier).getByText('Guard retention')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
    const [call] = http.callsTo(LIST);
    const query = new URLSearchParams(call?.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ from: '2025-03-14T03:00:00.000Z', limit: '100' });
  });

  it('shows Past, kept in the URL, paged on the server newest first, with the status of closed sessions', async () => {
    const older = '/api/trainingsession?to=2025-03-15T00%3A00%3A00.000Z&order=desc&limit=20&cursor=x';
    const http = stubFetch({
      [LIST]: (call) =>
        call.path.includes('cursor=')
          ? json(200, [
              makeSession({
                id: 8,
                description: 'Oldest roll',
                status: 'Cancelled',
                trainingDate: '2025-01-02T18:00:00Z',
              }),
            ])
          : call.path.includes('order=desc')
            ? json(
                200,
                [
                  makeSession({
                    id: 9,
                    description: 'Last week',
                    status: 'Completed',
                    trainingDate: '2025-03-08T18:00:00Z',
                  }),
                ],
                {
                  link: `<${older}>; rel="next"`,
                },
              )
            : json(200, [makeSession()]),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<SessionList isStudent={false} />, { path: '/class-session?view=past' });
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    const past = await screen.findByRole('table', { name: 'Past sessions' });
    expect(await within(past).findByText('Last week')).toBeVisible();
    expect(within(past).getByText('Completed')).toBeVisible();
    const [first] = http.callsTo(LIST);
    expect(Object.fromEntries(new URLSearchParams(first?.path.split('?')[1]))).toEqual({
      to: '2025-03-15T00:00:00.000Z',
      order: 'desc',
      limit: '20',
    });

    await user.click(screen.getByRole('button', { name: 'Show older sessions' }));
    expect(await within(past).findByText('Oldest roll')).toBeVisible();
    expect(http.callsTo(LIST).at(-1)?.path).toBe(older);
    expect(screen.queryByRole('button', { name: 'Show older sessions' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(await screen.findByRole('table', { name: 'Active Training Sessions' })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Past sessions' })).toBeNull();
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
    await within(table()).findByText('Guard retention');
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
    await within(table()).findByText('Thirty');
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
    await within(table()).findByText('Session 1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(within(table()).getByText('Session 10')).toBeVisible();
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
    await within(table()).findByText('Takedowns');
    const checkIns = within(table()).getAllByRole('link', { name: 'Check-In' });
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
    await renderList(false, 'en', INSTRUCTOR.id);
    const row = await screen.findByRole('row', { name: /Guard retention/ });
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-session/4');
    expect(within(row).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/session-details/4');
    expect(within(row).queryByRole('link', { name: 'Check-In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create New Session' })).toHaveAttribute('href', '/create-session');
    expect(screen.queryByRole('button', { name: 'Create New Session' })).toBeNull();
  });

  it('gives an instructor Edit on their own sessions only, and Manage on every one', async () => {
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeSession({ id: 4, description: 'Mine' }),
          makeSession({ id: 5, description: 'Someone else', instructorId: INSTRUCTOR.id + 1 }),
        ]),
    });
    await renderList(false, 'en', INSTRUCTOR.id);
    const mine = await screen.findByRole('row', { name: /Mine/ });
    const theirs = screen.getByRole('row', { name: /Someone else/ });
    expect(within(mine).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-session/4');
    expect(within(theirs).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(theirs).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/session-details/5');
    const [myCard, theirCard] = cards();
    expect(within(myCard ?? document.body).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/edit-session/4',
    );
    expect(within(theirCard ?? document.body).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(theirCard ?? document.body).getByRole('link', { name: 'Manage' })).toBeVisible();
  });

  it('shows a student Checked in, not Check-In, on a class they are checked in to', async () => {
    const me = 11;
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeSession({ id: 4, description: 'Booked', studentIds: [me] }),
          makeSession({ id: 5, description: 'Not booked', studentIds: [12] }),
        ]),
    });
    await renderList(true, 'en', me);
    const booked = await screen.findByRole('row', { name: /Booked/ });
    expect(within(booked).getByRole('link', { name: 'Checked in' })).toHaveAttribute('href', '/session-details/4');
    expect(within(booked).queryByRole('link', { name: 'Check-In' })).toBeNull();
    const open = screen.getByRole('row', { name: /Not booked/ });
    expect(within(open).getByRole('link', { name: 'Check-In' })).toHaveAttribute('href', '/session-details/5');
    expect(within(open).queryByRole('link', { name: 'Checked in' })).toBeNull();
    const [bookedCard, openCard] = cards();
    expect(within(bookedCard ?? document.body).getByRole('link', { name: 'Checked in' })).toBeVisible();
    expect(within(bookedCard ?? document.body).queryByRole('link', { name: 'Check-In' })).toBeNull();
    expect(within(openCard ?? document.body).getByRole('link', { name: 'Check-In' })).toBeVisible();
  });

  it("shows a weekly class's name as the title and its description apart, in the table and on the cards", async () => {
    stubFetch({
      [LIST]: () => json(200, [makeSession({ description: 'Gi Fundamentals\n\nBasics for new students' })]),
    });
    await renderList(true);
    const cell = await within(table()).findByText('Gi Fundamentals');
    expect(cell).toHaveTextContent(/^Gi Fundamentals$/);
    expect(within(table()).getByText('Basics for new students')).toHaveTextContent(/^Basics for new students$/);
    expect(within(table()).queryByText(/Gi FundamentalsBasics|Gi Fundamentals Basics/)).toBeNull();
    const [card] = cards();
    expect(within(card ?? document.body).getByText('Gi Fundamentals')).toHaveTextContent(/^Gi Fundamentals$/);
    expect(within(card ?? document.body).getByText('Basics for new students')).toBeVisible();
  });

  it('lets the table scroll sideways in its own box on a narrow screen', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession()]) });
    await renderList(false);
    const region = screen.getByRole('region', { name: 'Active Training Sessions' });
    expect(region).toHaveClass('overflow-x-auto');
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBe(table());
  });

  it('shows each session as a card too, with its date, places left and Check-In, for a phone', async () => {
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeSession({ id: 4, capacity: 10, studentIds: [11, 12, 13, 14, 15, 16, 17] }),
          // More students than places (the capacity was lowered later): full, never a negative count.
          makeSession({
            id: 5,
            capacity: 2,
            studentIds: [11, 12, 13],
            description: 'Takedowns',
            targetLevel: 'Expert',
          }),
        ]),
    });
    await renderList(true);
    await within(table()).findByText('Takedowns');
    const [first, second] = cards();
    expect(cards()).toHaveLength(2);

    const card = within(first ?? document.body);
    expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(/^Mar 15, 2025\s6:30\sPM$/);
    expect(first).toHaveAccessibleName(/^Mar 15, 2025\s6:30\sPM$/);
    expect(card.getByText('3 of 10 places left')).toBeVisible();
    expect(card.getByText('Intermediate')).toBeVisible();
    expect(card.getByText('1.5 h')).toBeVisible();
    expect(card.getByText('Active')).toBeVisible();
    expect(card.getByText('Guard retention')).toBeVisible();
    expect(card.getByRole('link', { name: 'Check-In' })).toHaveAttribute('href', '/session-details/4');

    const full = within(second ?? document.body);
    expect(full.getByText('Full')).toBeVisible();
    expect(full.queryByText(/places left/)).toBeNull();
    expect(full.getByText('Expert')).toBeVisible();
    expect(full.getByRole('link', { name: 'Check-In' })).toHaveAttribute('href', '/session-details/5');
  });

  it('gives instructors Edit and Manage on the cards', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSession({ id: 4 })]) });
    await renderList(false, 'en', INSTRUCTOR.id);
    await within(table()).findByText('Guard retention');
    const [card] = cards();
    expect(within(card ?? document.body).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/edit-session/4',
    );
    expect(within(card ?? document.body).getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      '/session-details/4',
    );
    expect(within(card ?? document.body).queryByRole('link', { name: 'Check-In' })).toBeNull();
  });

  it('pages the cards with the table', async () => {
    const sessions = Array.from({ length: 12 }, (_, index) =>
      makeSession({ id: index + 1, description: `Session ${index + 1}` }),
    );
    stubFetch({ [LIST]: () => json(200, sessions) });
    const user = await renderList(false);
    await within(table()).findByText('Session 1');
    expect(cards()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(cards().map((card) => within(card).getByText(/^Session/).textContent)).toEqual(['Session 11', 'Session 12']);
  });

  describe('the page the reader is on', () => {
    /** `count` sessions labelled `<label> 1`, `<label> 2`, …, on makeSession's day unless `trainingDate` says otherwise. */
    const numbered = (count: number, label = 'Session', trainingDate?: string) =>
      Array.from({ length: count }, (_, index) =>
        makeSession({ id: index + 1, description: `${label} ${index + 1}`, ...(trainingDate ? { trainingDate } : {}) }),
      );

    /** A way to have the list read again, as a check-in, an edit or a language switch does. */
    function ReadAgain() {
      const queryClient = useQueryClient();
      return (
        <button type="button" onClick={() => void queryClient.invalidateQueries()}>
          Read again
        </button>
      );
    }

    it('stays put when the list is read again, and moves to the last page if the list got shorter', async () => {
      stubFetch({
        [LIST]: [
          () => json(200, numbered(25)),
          // Another instructor edited one meanwhile: the same 25 sessions, one of them changed.
          () =>
            json(
              200,
              numbered(25).map((session) =>
                session.id === 21 ? { ...session, description: 'Moved to mat 2' } : session,
              ),
            ),
          // Five sessions were deleted.
          () => json(200, numbered(20, 'Kept')),
        ],
      });
      const user = userEvent.setup({ delay: null });
      await renderWithApp(
        <>
          <SessionList isStudent={false} />
          <ReadAgain />
        </>,
        { path: '/class-session' },
      );
      await within(table()).findByText('Session 1');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 3 of 3')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Read again' }));
      expect(await within(table()).findByText('Moved to mat 2')).toBeVisible();
      expect(screen.getByText('Page 3 of 3')).toBeVisible();
      expect(columnTexts(2)).toEqual(['Moved to mat 2', 'Session 22', 'Session 23', 'Session 24', 'Session 25']);

      await user.click(screen.getByRole('button', { name: 'Read again' }));
      expect(await within(table()).findByText('Kept 20')).toBeVisible();
      expect(screen.getByText('Page 2 of 2')).toBeVisible();
      expect(columnTexts(2)).toEqual(Array.from({ length: 10 }, (_, index) => `Kept ${index + 11}`));
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(screen.getByText('Page 1 of 2')).toBeVisible();
    });

    it('stays on the page of Past it is on when older sessions are shown', async () => {
      const older = '/api/trainingsession?cursor=x';
      stubFetch({
        [LIST]: (call) =>
          call.path.includes('cursor=')
            ? json(200, numbered(5, 'Older', '2025-02-01T18:00:00Z'))
            : json(200, numbered(20, 'Past', '2025-03-01T18:00:00Z'), { link: `<${older}>; rel="next"` }),
      });
      const user = userEvent.setup({ delay: null });
      await renderWithApp(<SessionList isStudent={false} />, { path: '/class-session?view=past' });
      const past = await screen.findByRole('table', { name: 'Past sessions' });
      await within(past).findByText('Past 1');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 2 of 2')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Show older sessions' }));
      expect(await screen.findByText('Page 2 of 3')).toBeVisible();
      expect(within(past).getByText('Past 11')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(within(past).getByText('Older 1')).toBeVisible();
    });

    it('starts again from the first page when the reader sorts', async () => {
      stubFetch({ [LIST]: () => json(200, numbered(25)) });
      const user = await renderList(false);
      await within(table()).findByText('Session 1');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(screen.getByRole('button', { name: 'Description' }));
      expect(screen.getByText('Page 1 of 3')).toBeVisible();
    });
  });

  describe('upcoming and earlier sessions', () => {
    /** 21:00 on 15 March, local time. */
    const NOW = new Date(2025, 2, 15, 21, 0);
    const SESSIONS = [
      // 18:30 to 20:00: over.
      makeSession({ id: 1, description: 'Ended at eight' }),
      // 20:30 to 22:00: under way, still open for check-in.
      makeSession({ id: 2, description: 'In progress', trainingDate: new Date(2025, 2, 15, 20, 30).toISOString() }),
      // Tomorrow.
      makeSession({ id: 3, description: 'Tomorrow', trainingDate: new Date(2025, 2, 16, 18, 30).toISOString() }),
      // 19:00 for exactly two hours: it ends now.
      makeSession({
        id: 4,
        description: 'Ends right now',
        duration: 2,
        trainingDate: new Date(2025, 2, 15, 19, 0).toISOString(),
      }),
    ];

    beforeEach(() => {
      vi.setSystemTime(NOW);
    });

    it('puts sessions that have ended apart, where a student cannot check in but reads Ended', async () => {
      stubFetch({ [LIST]: () => json(200, SESSIONS) });
      await renderList(true);
      const earlier = await screen.findByRole('table', { name: 'Earlier sessions' });
      expect(screen.getByRole('heading', { level: 2, name: 'Earlier sessions' })).toBeVisible();

      expect(columnTexts(2)).toEqual(['In progress', 'Tomorrow']);
      expect(
        within(table())
          .getAllByRole('link', { name: 'Check-In' })
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/session-details/2', '/session-details/3']);

      const pastRows = within(earlier).getAllByRole('row').slice(1);
      expect(pastRows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
        'Ended at eight',
        'Ends right now',
      ]);
      expect(within(earlier).queryByRole('link')).toBeNull();
      for (const row of pastRows) expect(within(row).getAllByRole('cell')[7]).toHaveTextContent(/^Ended$/);

      const pastCards = cards('Earlier sessions');
      expect(pastCards).toHaveLength(2);
      for (const card of pastCards) {
        expect(within(card).queryByRole('link')).toBeNull();
        // The status reads Ended, and so does the place of Check-In.
        expect(within(card).getAllByText('Ended')).toHaveLength(2);
      }
      expect(cards().map((card) => within(card).getByRole('link', { name: 'Check-In' }).getAttribute('href'))).toEqual([
        '/session-details/2',
        '/session-details/3',
      ]);
    });

    it('leaves Edit and Manage to an instructor on the sessions that have ended', async () => {
      stubFetch({ [LIST]: () => json(200, [SESSIONS[0] ?? makeSession()]) });
      await renderList(false, 'en', INSTRUCTOR.id);
      const earlier = await screen.findByRole('table', { name: 'Earlier sessions' });
      const row = within(earlier).getByRole('row', { name: /Ended at eight/ });
      expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-session/1');
      expect(within(row).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/session-details/1');
      // The class is over: its status reads Ended, not Active; the instructor's actions stay.
      expect(within(row).getAllByRole('cell')[5]).toHaveTextContent(/^Ended$/);
      expect(within(row).queryByText('Active')).toBeNull();
      expect(within(row).getAllByRole('cell')[7]).not.toHaveTextContent('Ended');
      expect(within(cards('Earlier sessions')[0] ?? document.body).getByText('Ended')).toBeVisible();
      const [card] = cards('Earlier sessions');
      expect(within(card ?? document.body).getByRole('link', { name: 'Manage' })).toBeVisible();
      // Nothing is upcoming: the Active Training Sessions box says so.
      expect(within(table()).getByRole('cell', { name: 'No results.' })).toBeVisible();
    });

    it('shows no Earlier sessions box when nothing has ended', async () => {
      stubFetch({ [LIST]: () => json(200, [SESSIONS[2] ?? makeSession()]) });
      await renderList(true);
      await within(table()).findByText('Tomorrow');
      expect(screen.queryByRole('heading', { name: 'Earlier sessions' })).toBeNull();
      expect(screen.queryByText('Ended')).toBeNull();
    });

    it('moves a session to the earlier ones when it ends, without reloading', async () => {
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date(2025, 2, 15, 21, 59) });
      stubFetch({ [LIST]: () => json(200, [SESSIONS[1] ?? makeSession()]) });
      await renderList(true);
      expect(await within(table()).findByRole('link', { name: 'Check-In' })).toHaveAttribute(
        'href',
        '/session-details/2',
      );

      // The list looks at the clock again a minute later: the session ended at 22:00.
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      const earlier = screen.getByRole('table', { name: 'Earlier sessions' });
      expect(within(earlier).getByText('In progress')).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Check-In' })).toBeNull();
    });

    it('leaves a class in progress out of Past, with Check-In under Upcoming, until it has ended', async () => {
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
      const [endedAtEight, inProgress] = SESSIONS;
      // The Past view asks for what started before the page was opened: the class in progress too.
      stubFetch({
        [LIST]: (call) =>
          call.path.includes('order=desc')
            ? json(200, [inProgress ?? makeSession(), endedAtEight ?? makeSession()])
            : json(200, SESSIONS),
      });
      const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
      await renderWithApp(<SessionList isStudent />, { path: '/class-session?view=past' });
      const past = await screen.findByRole('table', { name: 'Past sessions' });
      expect(await within(past).findByText('Ended at eight')).toBeVisible();
      expect(within(past).queryByText('In progress')).toBeNull();
      expect(within(past).getAllByRole('row').slice(1)).toHaveLength(1);
      expect(within(screen.getByRole('list', { name: 'Past sessions' })).getAllByRole('article')).toHaveLength(1);

      await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
      const row = await within(table()).findByRole('row', { name: /In progress/ });
      expect(within(row).getByRole('link', { name: 'Check-In' })).toHaveAttribute('href', '/session-details/2');

      // Back in Past once the class is over, at 22:00, it shows there as Ended.
      await user.click(screen.getByRole('tab', { name: 'Past' }));
      const pastAgain = await screen.findByRole('table', { name: 'Past sessions' });
      expect(await within(pastAgain).findByText('Ended at eight')).toBeVisible();
      act(() => {
        vi.advanceTimersByTime(60 * 60_000);
      });
      const ended = within(pastAgain).getByRole('row', { name: /In progress/ });
      expect(within(ended).getAllByRole('cell')[5]).toHaveTextContent(/^Ended$/);
      expect(within(ended).getAllByRole('cell')[7]).toHaveTextContent(/^Ended$/);
      expect(within(ended).queryByRole('link')).toBeNull();
    });

    it('speaks Polish', async () => {
      stubFetch({
        [LIST]: () =>
          json(200, [
            SESSIONS[0] ?? makeSession(),
            makeSession({
              id: 5,
              capacity: 10,
              studentIds: [1, 2, 3, 4, 5, 6, 7],
              trainingDate: SESSIONS[2]?.trainingDate,
            }),
            makeSession({ id: 6, capacity: 1, studentIds: [1], trainingDate: SESSIONS[2]?.trainingDate }),
          ]),
      });
      await renderList(true, 'pl');
      const earlier = await screen.findByRole('table', { name: 'Wcześniejsze sesje' });
      expect(screen.getByText('Sesje, które już się zakończyły.')).toBeVisible();
      expect(within(earlier).getAllByText('Zakończyła się')).toHaveLength(2);
      const [open, full] = cards('Aktywne sesje treningowe');
      expect(within(open ?? document.body).getByText('Wolne miejsca: 3 z 10')).toBeVisible();
      expect(within(open ?? document.body).getByText('1,5 godz.')).toBeVisible();
      expect(within(full ?? document.body).getByText('Brak miejsc')).toBeVisible();
      expect(within(cards('Wcześniejsze sesje')[0] ?? document.body).getAllByText('Zakończyła się')).toHaveLength(2);
    });
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
    const link = await within(polishTable).findByRole('link', { name: 'Potwierdź obecność' });
    const cells = within(link.closest('tr') ?? polishTable).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('15 mar 2025');
    expect(cells[1]).toHaveTextContent(/^18:30$/);
    expect(cells[4]).toHaveTextContent('1,5');
    expect(cells[6]).toHaveTextContent('Średniozaawansowany');
    expect(screen.getByRole('button', { name: 'Utwórz nową sesję' })).toBeDisabled();
    expect(screen.getByText('Strona 1 z 1')).toBeVisible();
  });
});
