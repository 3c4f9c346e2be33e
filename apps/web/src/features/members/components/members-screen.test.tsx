import type { MemberDetails, MemberListPage, MemberSummary } from '@openmat/contract/members';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { MemberPage } from './member-page';
import { MembersScreen } from './members-screen';

const LIST = 'GET /api/members';

const member = (overrides: Partial<MemberSummary> = {}): MemberSummary => ({
  fighterId: 5,
  fighterName: 'Stella Nowak',
  beltColor: 'Blue',
  stripes: null,
  isWalkIn: false,
  classesLast30Days: 3,
  classesTotal: 41,
  lastAttended: '2025-03-10T18:00:00.000Z',
  ...overrides,
});

const page = (members: MemberSummary[], total = members.length): MemberListPage => ({
  members,
  total,
  page: 1,
  pageSize: 50,
});

const queryOf = (path: string | undefined) => Object.fromEntries(new URLSearchParams(path?.split('?')[1]));

afterEach(() => vi.restoreAllMocks());

describe('MembersScreen', () => {
  it('lists the members with belt, classes in 30 days and in total, last attended, and a link to each', async () => {
    stubFetch({
      [LIST]: () =>
        json(
          200,
          page([
            member(),
            member({ fighterId: 6, fighterName: 'Wanda', beltColor: null, isWalkIn: true, lastAttended: null }),
          ]),
        ),
    });
    await renderWithApp(<MembersScreen />, { path: '/members' });
    const table = await screen.findByRole('table', { name: '2 members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Belt', 'Classes (30 days)', 'Classes in total', 'Last attended']);
    const [, stella, wanda] = within(table).getAllByRole('row');
    expect(within(stella ?? table).getByRole('link', { name: 'Stella Nowak' })).toHaveAttribute('href', '/members/5');
    // Each figure's cell ends with the figure (on a phone, its column's name is shown above it).
    const figures = within(stella ?? table)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.lastChild?.textContent);
    expect(figures).toEqual(['Blue belt', '3', '41', 'Mar 10, 2025']);
    expect(wanda).toHaveTextContent('Walk-in');
    expect(wanda).toHaveTextContent('Unranked');
    expect(wanda).toHaveTextContent('Never');
  });

  it('asks the server to search, filter by belt and by not seen for 14 days, and to sort by a column', async () => {
    const http = stubFetch({ [LIST]: () => json(200, page([member()])) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MembersScreen />, { path: '/members' });
    await screen.findByRole('link', { name: 'Stella Nowak' });
    expect(queryOf(http.callsTo(LIST)[0]?.path)).toEqual({ sort: 'name', order: 'asc', limit: '50', page: '1' });

    await user.click(screen.getByRole('checkbox', { name: 'Not seen for 14 days' }));
    await user.selectOptions(screen.getByLabelText('Belt'), 'Blue');
    await user.click(screen.getByRole('button', { name: 'Classes in total' }));
    await user.click(screen.getByRole('button', { name: 'Classes in total' }));
    await user.type(screen.getByLabelText('Search by name'), 'ste');
    await vi.waitFor(() =>
      expect(queryOf(http.callsTo(LIST).at(-1)?.path)).toEqual({
        search: 'ste',
        belt: 'Blue',
        notSeen: 'true',
        sort: 'total',
        order: 'desc',
        limit: '50',
        page: '1',
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Classes in total' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('lets a phone choose the order, where the table’s headers are hidden, and shows the order chosen', async () => {
    const http = stubFetch({ [LIST]: () => json(200, page([member()])) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MembersScreen />, { path: '/members?sort=recent&order=desc' });
    await screen.findByRole('link', { name: 'Stella Nowak' });
    const order = screen.getByLabelText('Sort by');
    expect(order).toHaveDisplayValue('Classes (30 days), descending');
    await user.selectOptions(order, 'Last attended, ascending');
    await vi.waitFor(() =>
      expect(queryOf(http.callsTo(LIST).at(-1)?.path)).toEqual({
        sort: 'lastAttended',
        order: 'asc',
        limit: '50',
        page: '1',
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Last attended' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says when no member matches the search, outside the wide table', async () => {
    stubFetch({ [LIST]: () => json(200, page([])) });
    await renderWithApp(<MembersScreen />, { path: '/members?search=zed' });
    expect(await screen.findByText('No members match.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains where members come from when there are none and nothing is filtered', async () => {
    stubFetch({ [LIST]: () => json(200, page([])) });
    await renderWithApp(<MembersScreen />, { path: '/members' });
    expect(
      await screen.findByText(
        'No members yet. Members appear here once people check in to your sessions or you record them as walk-ins.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('No members match.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows and logs a failure to load the members, with a way to try again', async () => {
    let failing = true;
    stubFetch({ [LIST]: () => (failing ? problem(500, 'Database unavailable') : json(200, page([member()]))) });
    const user = userEvent.setup();
    await renderWithApp(<MembersScreen />, { path: '/members' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Error fetching members');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching members')]);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Stella Nowak' })).toBeVisible();
  });

  it('names no count until it is known: not while the list loads, nor when it failed', async () => {
    stubFetch({ [LIST]: () => problem(500, 'Database unavailable') });
    await renderWithApp(<MembersScreen />, { path: '/members' });
    expect(screen.getByRole('heading', { level: 2, name: 'Member list' })).toBeVisible();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Error fetching members');
    expect(screen.getByRole('heading', { level: 2, name: 'Member list' })).toBeVisible();
    expect(screen.queryByText('0 members')).not.toBeInTheDocument();
    takeConsoleErrors();
  });

  it('shows the last page for a page past it (an old link), not an empty list that says there are none', async () => {
    const http = stubFetch({
      [LIST]: (call) =>
        queryOf(call.path).page === '9'
          ? json(200, { ...page([], 62), page: 9 })
          : json(200, { ...page([member({ fighterName: 'Zofia Lis' })], 62), page: 2 }),
    });
    await renderWithApp(<MembersScreen />, { path: '/members?page=9' });
    expect(await screen.findByRole('link', { name: 'Zofia Lis' })).toBeVisible();
    expect(queryOf(http.callsTo(LIST).at(-1)?.path)).toMatchObject({ page: '2' });
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(screen.queryByText(/No members yet/)).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    stubFetch({ [LIST]: () => json(200, page([member()])) });
    await renderWithApp(<MembersScreen />, { path: '/members', language: 'pl' });
    expect(await screen.findByRole('table', { name: '1 członek' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Eksportuj CSV' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Nieobecni od 14 dni' })).toBeVisible();
  });
});

const details = (overrides: Partial<MemberDetails> = {}): MemberDetails => ({
  fighter: {
    id: 9,
    fighterName: 'Wanda Walk-in',
    height: 166,
    weight: 61,
    bmi: null,
    gender: 'Female',
    birthdate: '2001-02-03',
    fighterRole: 'Student',
    maxWorkoutDuration: null,
    beltColor: null,
    experience: null,
  },
  isWalkIn: true,
  classesLast30Days: 1,
  classesTotal: 3,
  lastAttended: '2025-03-10T18:00:00.000Z',
  attendance: [
    { sessionId: 3, trainingDate: '2025-03-10T18:00:00.000Z', description: 'Guard', status: 'Completed', duration: 1 },
    // Never closed: over, so it reads Ended, as in the session list.
    { sessionId: 2, trainingDate: '2025-02-20T18:00:00.000Z', description: 'Mount', status: 'Active', duration: 1.5 },
    { sessionId: 1, trainingDate: '2025-02-03T18:00:00.000Z', description: 'Back', status: 'Cancelled', duration: 1 },
  ],
  videos: [{ id: 4, description: 'Roll with Ola', uploadTimestamp: '2025-03-11T10:00:00.000Z' }],
  belt: null,
  stripes: null,
  promotions: [],
  weighIns: [],
  dossier: null,
  ...overrides,
});

describe('MemberPage', () => {
  it('shows the attendance history by month and the videos of the member', async () => {
    stubFetch({ 'GET /api/members/9': () => json(200, details()) });
    await renderWithApp(<MemberPage fighterId={9} isInstructor={false} />, { path: '/members/9' });
    expect(await screen.findByRole('heading', { level: 1, name: /Wanda Walk-in/ })).toBeVisible();
    const march = screen.getByRole('region', { name: 'March 2025' });
    expect(within(march).getAllByRole('listitem')).toHaveLength(1);
    const february = screen.getByRole('region', { name: 'February 2025' });
    expect(within(february).getByRole('heading')).toHaveTextContent('February 2025 · 2 classes');
    expect(within(february).getByText('Cancelled')).toBeVisible();
    expect(within(february).getByText('Ended')).toBeVisible();
    expect(within(march).getByText('Completed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Roll with Ola' })).toHaveAttribute('href', '/video-review/4');
    expect(screen.getByText('61 kg')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Merge into an account' })).toBeNull();
  });

  it('says when the member cannot load, and tries again when asked', async () => {
    let failing = true;
    stubFetch({ 'GET /api/members/9': () => (failing ? problem(503, 'Busy') : json(200, details())) });
    const user = userEvent.setup();
    await renderWithApp(<MemberPage fighterId={9} isInstructor={false} />, { path: '/members/9' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Failed to load the member');
    takeConsoleErrors();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Wanda Walk-in/ })).toBeVisible();
  });

  it("shows a member nobody may see as the page's error, with the reason and the way back, and no Try again", async () => {
    stubFetch({ 'GET /api/members/9': () => problem(404, 'There is no member 9 among your members.') });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to load the member' }, { timeout: 4000 }),
    ).toBeVisible();
    takeConsoleErrors();
    expect(screen.getByText('There is no member 9 among your members.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'All members' })).toHaveAttribute('href', '/members');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  /** The page of a registered member, as the merge checks who the chosen account is. */
  const account = (fighterId: number, fighterName: string, fighterRole: 'Student' | 'Instructor' = 'Student') =>
    details({ fighter: { ...details().fighter, id: fighterId, fighterName, fighterRole }, isWalkIn: false });

  it("puts a walk-in's merge right under the counts, before the class history and the videos", async () => {
    stubFetch({
      'GET /api/members/9': () => json(200, details()),
      [LIST]: () => json(200, page([member()])),
    });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    await screen.findByRole('heading', { level: 2, name: 'Merge into an account' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // Reading order is the phone's order; on a desktop the merge tops the side column, beside the history.
    expect(headings[0]).toBe('Merge into an account');
    expect(headings).toEqual(expect.arrayContaining(['Attendance history', 'Videos']));
  });

  it('merges a walk-in into a registered member only after a confirmation', async () => {
    const http = stubFetch({
      'GET /api/members/9': () => json(200, details()),
      'GET /api/members/5': () => json(200, account(5, 'Stella Nowak')),
      [LIST]: () => json(200, page([member(), member({ fighterId: 9, fighterName: 'Wanda Walk-in', isWalkIn: true })])),
      'POST /api/members/9/merge': () => json(200, details({ isWalkIn: false })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    const select = await screen.findByLabelText('Registered member');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, 'Stella Nowak');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Merge' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Every class of Wanda Walk-in moves to Stella Nowak');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(http.callsTo('POST /api/members/9/merge')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/9/merge')).toHaveLength(1));
    expect(http.callsTo('POST /api/members/9/merge')[0]?.body).toEqual({ intoFighterId: 5 });
  });

  it('finds the account to merge into by a search of all the instructor’s members, walk-ins left out', async () => {
    const http = stubFetch({
      'GET /api/members/9': () => json(200, details()),
      'GET /api/members/77': () => json(200, account(77, 'Zofia Zięba')),
      [LIST]: (call) =>
        queryOf(call.path).search === 'zof'
          ? json(
              200,
              page([
                member({ fighterId: 78, fighterName: 'Zofia Walk-in', isWalkIn: true }),
                member({ fighterId: 77, fighterName: 'Zofia Zięba' }),
              ]),
            )
          : json(200, page([member(), member({ fighterId: 9, fighterName: 'Wanda Walk-in', isWalkIn: true })], 120)),
      'POST /api/members/9/merge': () => json(200, account(77, 'Zofia Zięba')),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    const select = await screen.findByLabelText('Registered member');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    // The first 50 of 120 members by name: Zofia is not among them, and the page says to search.
    expect(screen.getByText('More members match than are listed: type more of the name.')).toBeVisible();
    await user.type(screen.getByLabelText('Find the account'), 'zof');
    await vi.waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a member', 'Zofia Zięba']),
    );
    expect(queryOf(http.callsTo(LIST).at(-1)?.path)).toMatchObject({ search: 'zof', sort: 'name', order: 'asc' });
    await user.selectOptions(select, 'Zofia Zięba');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Merge' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/9/merge')).toHaveLength(1));
    expect(http.callsTo('POST /api/members/9/merge')[0]?.body).toEqual({ intoFighterId: 77 });
  });

  it('asks for more of the name, and does not say nobody has an account, when the first members listed are walk-ins', async () => {
    const walkIns = Array.from({ length: 50 }, (_, i) =>
      member({ fighterId: 100 + i, fighterName: `Walk-in ${i}`, isWalkIn: true }),
    );
    stubFetch({
      'GET /api/members/9': () => json(200, details()),
      [LIST]: () => json(200, page(walkIns, 120)),
    });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    expect(await screen.findByText('More members match than are listed: type more of the name.')).toBeVisible();
    expect(screen.queryByText('None of your members has an account yet.')).not.toBeInTheDocument();
  });

  it('says when no registered member matches the search', async () => {
    stubFetch({
      'GET /api/members/9': () => json(200, details()),
      [LIST]: (call) =>
        queryOf(call.path).search === undefined
          ? json(200, page([member()]))
          : json(200, page([member({ fighterId: 78, fighterName: 'Xavier Walk-in', isWalkIn: true })])),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    await user.type(await screen.findByLabelText('Find the account'), 'xav');
    expect(await screen.findByText('No registered member matches “xav”.')).toBeVisible();
    expect(screen.getByLabelText('Registered member')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
  });

  it('refuses an instructor’s account inline and never asks the server to merge into it', async () => {
    const http = stubFetch({
      'GET /api/members/9': () => json(200, details()),
      'GET /api/members/7': () => json(200, account(7, 'Coach Bruno', 'Instructor')),
      'GET /api/members/5': () => json(200, account(5, 'Stella Nowak')),
      [LIST]: () => json(200, page([member({ fighterId: 7, fighterName: 'Coach Bruno' }), member()])),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    const select = await screen.findByLabelText('Registered member');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Coach Bruno');
    expect(
      await screen.findByText("Coach Bruno is an instructor: a walk-in can be merged only into a student's account."),
    ).toBeVisible();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
    await user.selectOptions(select, 'Stella Nowak');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Merge' })).toBeEnabled());
    expect(select).not.toHaveAttribute('aria-invalid', 'true');
    expect(http.callsTo('POST /api/members/9/merge')).toHaveLength(0);
  });

  it('says when the members to merge into cannot load, and loads them again when asked', async () => {
    let failing = true;
    stubFetch({
      'GET /api/members/9': () => json(200, details()),
      [LIST]: () => (failing ? problem(503, 'Busy') : json(200, page([member()]))),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'The members to merge into could not be loaded.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const select = screen.getByLabelText('Registered member');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
  });

  it('gives the instructor a one-time reset link to copy for a member with an account (no SMTP)', async () => {
    const http = stubFetch({
      'GET /api/members/9': () => json(200, details({ isWalkIn: false })),
      'GET /api/auth/v1/password-reset': () => json(200, { byEmail: false }),
      'POST /api/members/9/password-reset-link': () =>
        json(201, { path: '/reset-password?token=abc123', expiresAt: '2025-03-12T10:30:00.000Z' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    await user.click(await screen.findByRole('button', { name: 'Make a reset link' }));
    expect(await screen.findByDisplayValue(`${window.location.origin}/reset-password?token=abc123`)).toHaveAttribute(
      'readonly',
    );
    expect(http.callsTo('POST /api/members/9/password-reset-link')).toHaveLength(1);
  });

  it('offers no reset link when the server e-mails them, nor for a walk-in', async () => {
    const http = stubFetch({
      'GET /api/members/9': () => json(200, details({ isWalkIn: false })),
      'GET /api/auth/v1/password-reset': () => json(200, { byEmail: true }),
    });
    await renderWithApp(<MemberPage fighterId={9} isInstructor />, { path: '/members/9' });
    await screen.findByRole('heading', { level: 1, name: /Wanda Walk-in/ });
    await vi.waitFor(() => expect(http.callsTo('GET /api/auth/v1/password-reset')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Make a reset link' })).toBeNull();
  });
});
