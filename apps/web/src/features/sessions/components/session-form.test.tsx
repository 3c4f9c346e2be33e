import { TrainingSessionInput } from '@openmat/contract/sessions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { deferredResponse, INSTRUCTOR, makeSessionDetails } from './session-fixtures';
import { CreateSessionForm, EditSessionForm } from './session-form';

const CREATE = 'POST /api/trainingsession';
const DETAILS = 'GET /api/trainingsession/7';
const UPDATE = 'PUT /api/trainingsession/7';
const CLOSE = 'PATCH /api/trainingsession/7/close';
const DELETE = 'DELETE /api/trainingsession/7';
const REOPEN = 'PATCH /api/trainingsession/7/reopen';

/** 15 March 2025, 18:30 local time, 90 minutes, Intermediate. */
const SESSION = makeSessionDetails({ id: 7, capacity: 20, duration: 1.5, description: 'Guard retention' });

const ORIGINAL_TZ = process.env.TZ;

afterEach(() => {
  vi.restoreAllMocks();
  process.env.TZ = ORIGINAL_TZ;
});

/** A sent body, checked against the contract the server validates it with (no extra keys either). */
const sentInput = (body: unknown) => TrainingSessionInput.strict().parse(body);

async function renderAt(path: string, element: ReactElement, language: 'en' | 'pl' = 'en'): Promise<UserEvent> {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(element, {
    path,
    language,
    routes: [
      { path, element },
      { path: '/class-session', element: <h1>Session list page</h1> },
    ],
  });
  return user;
}

const renderCreate = (language: 'en' | 'pl' = 'en') =>
  renderAt('/create-session', <CreateSessionForm instructorName="Mestre João" />, language);

/** The edit page as the session's own instructor, by default. */
const renderEdit = (canManage = true, fighterId: number | null = INSTRUCTOR.id) =>
  renderAt('/edit-session/7', <EditSessionForm sessionId={7} canManage={canManage} fighterId={fighterId} />);

/** Renders the edit form and waits for the session to fill it. */
async function renderLoadedEdit(): Promise<UserEvent> {
  const user = await renderEdit();
  await screen.findByRole('button', { name: 'Update' });
  return user;
}

const setDate = (value: string) =>
  fireEvent.change(screen.getByLabelText('Training date and time'), { target: { value } });

async function replace(user: UserEvent, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, text);
}

const dialog = () => screen.findByRole('alertdialog');

/** The weekly class of the sessions below, in the academy's zone (Warsaw). */
const WEEKLY_CLASS = {
  id: 3,
  name: 'Gi Fundamentals',
  weekdays: [1, 6],
  startTime: '18:30',
  durationMinutes: 90,
  targetLevel: 'Intermediate',
  capacity: 20,
  description: 'Escapes',
  instructorId: 1,
  startsOn: '2025-03-01',
  endsOn: null,
  timeZone: 'Europe/Warsaw',
};

describe('CreateSessionForm', () => {
  it('shows the title, the read-only instructor and the fields with their defaults', async () => {
    stubFetch({});
    await renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Session' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Create New Session' })).toBeVisible();
    const instructor = screen.getByLabelText('Instructor name');
    expect(instructor).toHaveValue('Mestre João');
    expect(instructor).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Training date and time')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('Capacity (people)')).toHaveValue(null);
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue(null);
    const levels = within(screen.getByLabelText('Target level')).getAllByRole('option');
    expect(levels.map((option) => option.textContent)).toEqual([
      'Kids',
      'Beginner',
      'Intermediate',
      'Advanced',
      'Expert',
    ]);
    expect(screen.getByLabelText('Description notes')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Close Session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Session' })).toBeNull();
  });

  it('warns that a class with a date in the past will be listed under Past', async () => {
    stubFetch({});
    await renderCreate();
    const warning = 'This date is in the past: the class will be recorded after the fact and listed under Past.';
    expect(screen.queryByText(warning)).toBeNull();
    setDate('2020-01-10T18:00');
    expect(screen.getByRole('status')).toHaveTextContent(warning);
    setDate('2099-01-10T18:00');
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('requires the training date, the capacity and the duration before asking anything', async () => {
    const { calls } = stubFetch({});
    const user = await renderCreate();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Training date is required.')).toBeVisible();
    expect(screen.getByText('Capacity is required.')).toBeVisible();
    expect(screen.getByText('Duration is required.')).toBeVisible();
    expect(screen.getByLabelText('Training date and time')).toHaveFocus();
    expect(screen.getByLabelText('Capacity (people)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Capacity (people)')).toHaveAccessibleDescription('Capacity is required.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Capacity (people)'), '12');
    expect(screen.queryByText('Capacity is required.')).toBeNull();
  });

  it('keeps capacity within 1 to 200 people and duration within 1 to 720 minutes', async () => {
    stubFetch({});
    const user = await renderCreate();
    setDate('2025-03-15T18:30');
    await user.type(screen.getByLabelText('Capacity (people)'), '0');
    await user.type(screen.getByLabelText('Duration (minutes)'), '721');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Capacity must be a whole number from 1 to 200.')).toBeVisible();
    expect(screen.getByText('Duration must be from 1 to 720 minutes.')).toBeVisible();
    expect(screen.getByLabelText('Capacity (people)')).toHaveFocus();

    await replace(user, 'Capacity (people)', '12.5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Capacity must be a whole number from 1 to 200.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks first, then sends the minutes as hours with the local date and offset, and goes to the list', async () => {
    process.env.TZ = 'America/Sao_Paulo';
    const { callsTo } = stubFetch({ [CREATE]: () => json(201, { ...SESSION, id: 12 }) });
    const user = await renderCreate();
    setDate('2025-03-15T18:30');
    await user.type(screen.getByLabelText('Capacity (people)'), '12');
    await user.type(screen.getByLabelText('Duration (minutes)'), '90');
    await user.selectOptions(screen.getByLabelText('Target level'), 'Advanced');
    await user.type(screen.getByLabelText('Description notes'), 'Leg locks');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const confirm = await dialog();
    expect(within(confirm).getByRole('heading', { name: 'Are you sure you want to create a session?' })).toBeVisible();
    expect(confirm).toHaveTextContent('capacity 12 · 90 min · Advanced');
    expect(callsTo(CREATE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
    expect(sentInput(callsTo(CREATE)[0]?.body)).toEqual({
      trainingDate: '2025-03-15T18:30:00-03:00',
      description: 'Leg locks',
      capacity: 12,
      duration: 1.5,
      status: 'Active',
      targetLevel: 'Advanced',
    });
  });

  it('sends nothing when the question is cancelled', async () => {
    const { calls } = stubFetch({});
    const user = await renderCreate();
    setDate('2025-03-15T18:30');
    await user.type(screen.getByLabelText('Capacity (people)'), '12');
    await user.type(screen.getByLabelText('Duration (minutes)'), '60');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Session' })).toBeVisible();
  });

  async function fillAndCreate(user: UserEvent) {
    setDate('2025-03-15T18:30');
    await user.type(screen.getByLabelText('Capacity (people)'), '12');
    await user.type(screen.getByLabelText('Duration (minutes)'), '60');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
  }

  it('shows and logs a failed create with the status text', async () => {
    stubFetch({ [CREATE]: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    const user = await renderCreate();
    await fillAndCreate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create a new training session: Internal Server Error',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Session' })).toBeVisible();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to create a new training session')]);
  });

  it('falls back to the server message when there is no status text', async () => {
    stubFetch({ [CREATE]: () => problem(403, 'Only instructors can create sessions.') });
    const user = await renderCreate();
    await fillAndCreate(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create a new training session: Only instructors can create sessions.');
    expect(within(alert).queryByRole('listitem')).toBeNull();
    expect(takeConsoleErrors()).toHaveLength(1);
  });

  it('speaks Polish', async () => {
    stubFetch({});
    const user = await renderCreate('pl');
    expect(screen.getByRole('heading', { level: 1, name: 'Utwórz nową sesję' })).toBeVisible();
    expect(screen.getByLabelText('Czas trwania (minuty)')).toBeVisible();
    expect(within(screen.getByLabelText('Poziom docelowy')).getByRole('option', { name: 'Dzieci' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Utwórz' }));
    expect(screen.getByText('Podaj datę treningu.')).toBeVisible();
    expect(screen.getByText('Podaj liczbę miejsc.')).toBeVisible();
    expect(screen.getByText('Podaj czas trwania.')).toBeVisible();
  });
});

describe('EditSessionForm', () => {
  it('shows a spinner, not an empty form, while the session loads', async () => {
    const pending = deferredResponse();
    stubFetch({ [DETAILS]: () => pending.promise });
    await renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Session Details' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByLabelText('Capacity (people)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    pending.resolve(json(200, SESSION));
    expect(await screen.findByLabelText('Capacity (people)')).toHaveValue(20);
  });

  it('fills the form from the session, duration in minutes (1.5 h is 90)', async () => {
    stubFetch({ [DETAILS]: () => json(200, SESSION) });
    await renderEdit();
    expect(await screen.findByLabelText('Duration (minutes)')).toHaveValue(90);
    expect(screen.getByLabelText('Instructor name')).toHaveValue('Mestre João');
    expect(screen.getByLabelText('Training date and time')).toHaveValue('2025-03-15T18:30');
    expect(screen.getByLabelText('Capacity (people)')).toHaveValue(20);
    expect(screen.getByLabelText('Target level')).toHaveDisplayValue('Intermediate');
    expect(screen.getByLabelText('Description notes')).toHaveValue('Guard retention');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close Session' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Session' })).toBeEnabled();
  });

  it('asks, then updates with the session status and goes to the list', async () => {
    const completed = { ...SESSION, status: 'Completed' };
    const { callsTo } = stubFetch({ [DETAILS]: () => json(200, completed), [UPDATE]: () => json(200, completed) });
    const user = await renderLoadedEdit();
    await replace(user, 'Capacity (people)', '25');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const confirm = await dialog();
    expect(within(confirm).getByRole('heading', { name: 'Are you sure you want to update a session?' })).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
    const input = sentInput(callsTo(UPDATE)[0]?.body);
    expect(input.trainingDate).toMatch(/^2025-03-15T18:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(input.trainingDate)).toBe(Date.parse(SESSION.trainingDate));
    expect({ ...input, trainingDate: 'checked above' }).toEqual({
      trainingDate: 'checked above',
      description: 'Guard retention',
      capacity: 25,
      duration: 1.5,
      status: 'Completed',
      targetLevel: 'Intermediate',
    });
  });

  it('asks whether a weekly class changes for this session only or for the following ones too, and sends each to its place', async () => {
    const weekly = {
      ...SESSION,
      description: 'Gi Fundamentals\n\nEscapes',
      recurringClassId: 3,
      occurrenceDate: '2025-03-15',
    };
    const FOLLOWING = 'PUT /api/schedule/classes/3';
    const { callsTo } = stubFetch({
      [DETAILS]: () => json(200, weekly),
      [UPDATE]: () => json(200, weekly),
      'GET /api/schedule/classes': () =>
        json(200, [
          {
            id: 3,
            name: 'Gi Fundamentals',
            weekdays: [1, 6],
            startTime: '18:30',
            durationMinutes: 90,
            targetLevel: 'Intermediate',
            capacity: 20,
            description: 'Escapes',
            instructorId: 1,
            startsOn: '2025-03-01',
            endsOn: null,
            timeZone: 'Europe/Warsaw',
          },
        ]),
      [FOLLOWING]: () =>
        json(200, {
          recurringClass: {
            id: 4,
            name: 'Gi Fundamentals',
            weekdays: [1, 6],
            startTime: '18:30',
            durationMinutes: 90,
            targetLevel: 'Intermediate',
            capacity: 25,
            description: 'Escapes',
            instructorId: 1,
            startsOn: '2025-03-15',
            endsOn: null,
            timeZone: 'Europe/Warsaw',
          },
          keptSessionIds: [9],
        }),
    });
    const user = await renderLoadedEdit();
    expect(screen.getByRole('radio', { name: 'This session only' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'This session and the following ones' }));
    await replace(user, 'Capacity (people)', '25');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
    expect(callsTo(UPDATE)).toHaveLength(0);
    expect(callsTo(FOLLOWING)[0]?.body).toMatchObject({
      name: 'Gi Fundamentals',
      description: 'Escapes',
      weekdays: [1, 6],
      capacity: 25,
      durationMinutes: 90,
      targetLevel: 'Intermediate',
      from: '2025-03-15',
    });
    expect(await screen.findByText('1 session with check-ins was kept as it was.')).toBeVisible();
  });

  it.each([
    {
      why: 'a new day',
      classes: [WEEKLY_CLASS],
      change: () => setDate('2025-03-16T18:30'),
      reason:
        '“This session and the following ones” keeps the class on its weekdays, so this session has to stay on ' +
        'Saturday, March 15, 2025. To move only this session, choose “This session only”; to change the ' +
        "class's days, edit the class on the Weekly schedule page.",
    },
    {
      why: 'a class that no longer runs',
      classes: [],
      change: () => undefined,
      reason:
        'This weekly class no longer runs, so it has no following sessions to change. Choose “This session ' +
        'only” to change this session.',
    },
  ])('says under the form why it cannot change the following sessions for $why, and sends nothing', async (row) => {
    const weekly = { ...SESSION, recurringClassId: 3, occurrenceDate: '2025-03-15' };
    const FOLLOWING = 'PUT /api/schedule/classes/3';
    const { callsTo } = stubFetch({
      [DETAILS]: () => json(200, weekly),
      'GET /api/schedule/classes': () => json(200, row.classes),
      [FOLLOWING]: () => json(200, { recurringClass: WEEKLY_CLASS, keptSessionIds: [] }),
    });
    const user = await renderLoadedEdit();
    await user.click(screen.getByRole('radio', { name: 'This session and the following ones' }));
    row.change();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching training session details');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(row.reason);
    expect(callsTo(FOLLOWING)).toHaveLength(0);
    expect(callsTo(UPDATE)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Session list page' })).toBeNull();
  });

  it("shows the server's field messages when an update is refused", async () => {
    stubFetch({
      [DETAILS]: () => json(200, SESSION),
      [UPDATE]: () =>
        json(400, {
          type: 'about:blank',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { capacity: ['Capacity cannot be below the 14 students already checked in.'] },
        }),
    });
    const user = await renderLoadedEdit();
    await replace(user, 'Capacity (people)', '5');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching training session details');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Capacity cannot be below the 14 students already checked in.',
    );
    expect(screen.getByLabelText('Capacity (people)')).toHaveValue(5);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching training session details')]);
  });

  it('closes the session after a confirmation, showing Closing... meanwhile', async () => {
    const pending = deferredResponse();
    const { callsTo } = stubFetch({ [DETAILS]: () => json(200, SESSION), [CLOSE]: () => pending.promise });
    const user = await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Close Session' }));
    const confirm = await dialog();
    expect(within(confirm).getByRole('heading', { name: 'Close this training session?' })).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const closing = await screen.findByRole('button', { name: 'Closing...' });
    expect(closing).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Session' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(callsTo(CLOSE)).toHaveLength(1);

    pending.resolve(json(204, undefined));
    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
  });

  it('offers Reopen Session instead of Close Session on a closed session, after a confirmation', async () => {
    const closed = { ...SESSION, status: 'Completed' as const };
    const { callsTo } = stubFetch({ [DETAILS]: () => json(200, closed), [REOPEN]: () => json(204, undefined) });
    const user = await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Reopen Session' }));
    expect(screen.queryByRole('button', { name: 'Close Session' })).toBeNull();
    const confirm = await dialog();
    expect(within(confirm).getByRole('heading', { name: 'Reopen this session?' })).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
    expect(callsTo(REOPEN)).toHaveLength(1);
  });

  it('deletes the session after the warning, showing Deleting... meanwhile', async () => {
    const pending = deferredResponse();
    const { callsTo } = stubFetch({ [DETAILS]: () => json(200, SESSION), [DELETE]: () => pending.promise });
    const user = await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Delete Session' }));
    const warning = await dialog();
    expect(warning).toHaveTextContent(
      'Are you sure you want to delete this training session? This action cannot be undone.',
    );
    expect(callsTo(DELETE)).toHaveLength(0);
    await user.click(within(warning).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close Session' })).toBeDisabled();
    expect(callsTo(DELETE)).toHaveLength(1);

    pending.resolve(json(204, undefined));
    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
  });

  it('keeps the session when the delete warning is cancelled', async () => {
    const { callsTo } = stubFetch({ [DETAILS]: () => json(200, SESSION) });
    const user = await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Delete Session' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(DELETE)).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Session' })).toHaveFocus());
  });

  it('shows and logs a failed close and a failed delete', async () => {
    stubFetch({
      [DETAILS]: () => json(200, SESSION),
      [CLOSE]: () => problem(409, 'The session is already closed.'),
      [DELETE]: () => problem(403, 'Only the owning instructor can delete this session.'),
    });
    const user = await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Close Session' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    const closeAlert = await screen.findByRole('alert');
    expect(closeAlert).toHaveTextContent('Failed to close training session');
    expect(closeAlert).toHaveTextContent('The session is already closed.');
    expect(screen.getByRole('button', { name: 'Close Session' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Delete Session' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to delete training session')).toBeVisible();
    expect(screen.queryByText('Failed to close training session')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Session Details' })).toBeVisible();
    expect(takeConsoleErrors()).toEqual([
      expect.stringContaining('Failed to close training session'),
      expect.stringContaining('Failed to delete training session'),
    ]);
  });

  it('offers no Close or Delete to a student', async () => {
    stubFetch({ [DETAILS]: () => json(200, SESSION) });
    await renderEdit(false);
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close Session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Session' })).toBeNull();
  });

  it('tells another instructor the session is not theirs to change, with no form and no buttons', async () => {
    const http = stubFetch({ [DETAILS]: () => json(200, SESSION) });
    await renderEdit(true, INSTRUCTOR.id + 1);
    expect(
      await screen.findByText('This session belongs to another instructor; only they can edit, close or delete it.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the session details' })).toHaveAttribute(
      'href',
      '/session-details/7',
    );
    expect(screen.queryByLabelText('Training date and time')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close Session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Session' })).toBeNull();
    expect(http.callsTo(UPDATE)).toHaveLength(0);
  });

  it('shows and logs a failure to load the session', async () => {
    stubFetch({ [DETAILS]: () => problem(404, 'Training session 7 does not exist.') });
    await renderEdit();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error fetching training session details');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching training session details')]);
  });
});
