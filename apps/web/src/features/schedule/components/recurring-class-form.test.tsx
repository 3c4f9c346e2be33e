import { RecurringClassInput } from '@openmat/contract/schedule';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { RecurringClassForm } from './recurring-class-form';
import { recurringClassFixture } from './schedule-fixtures';

const CREATE = 'POST /api/schedule/classes';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderForm(language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<RecurringClassForm />, {
    path: '/schedule/new',
    language,
    routes: [
      { path: '/schedule/new', element: <RecurringClassForm /> },
      { path: '/class-session', element: <h1>Session list page</h1> },
    ],
  });
  return user;
}

async function fillGiFundamentals(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Class name'), 'Gi Fundamentals');
  await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
  await user.click(screen.getByRole('checkbox', { name: 'Wed' }));
  await user.selectOptions(screen.getByLabelText('Level'), 'Beginner');
}

describe('RecurringClassForm', () => {
  it('sends "Gi Fundamentals, Mon and Wed 18:00, 60 min, Beginner, 24" as the contract reads it, then lists the sessions', async () => {
    const { callsTo } = stubFetch({
      [CREATE]: () => json(201, recurringClassFixture({ startsOn: '2026-03-18' })),
    });
    const user = await renderForm();
    await fillGiFundamentals(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByRole('heading', { name: 'Session list page' })).toBeVisible();
    const [sent] = callsTo(CREATE);
    expect(RecurringClassInput.strict().parse(sent?.body)).toEqual({
      name: 'Gi Fundamentals',
      weekdays: [1, 3],
      startTime: '18:00',
      durationMinutes: 60,
      targetLevel: 'Beginner',
      capacity: 24,
      description: '',
    });
    expect(await screen.findByText('Gi Fundamentals is on the schedule')).toBeVisible();
  });

  it('says what is missing under each field, as soon as the field is left and on submit, and asks nothing', async () => {
    const { callsTo } = stubFetch({});
    const user = await renderForm();
    await user.click(screen.getByLabelText('Class name'));
    await user.tab();
    expect(screen.getByText('Give the class a name.')).toBeVisible();
    expect(screen.queryByText('Choose at least one weekday.')).toBeNull();
    const duration = screen.getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '2');
    await user.tab();
    expect(screen.getByText('Duration must be between 5 and 720 minutes.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByText('Choose at least one weekday.')).toBeVisible();
    expect(screen.getByLabelText('Class name')).toHaveAttribute('aria-invalid', 'true');
    // The focus goes to the first field with a message.
    expect(screen.getByLabelText('Class name')).toHaveFocus();
    await user.type(screen.getByLabelText('Class name'), 'Gi');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByRole('checkbox', { name: 'Mon' })).toHaveFocus();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it("puts the server's refusal under its field", async () => {
    stubFetch({
      [CREATE]: () =>
        problem(400, 'One or more validation errors occurred.', {
          startTime: ['Start times are written HH:MM (24 hours).'],
        }),
    });
    const user = await renderForm();
    await fillGiFundamentals(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Start times are written HH:MM (24 hours).')).toBeVisible();
    expect(screen.getByLabelText(/Start time/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText(/Start time/)).toHaveFocus());
  });

  it("names the academy's time zone under a new class's start time once a class tells it", async () => {
    stubFetch({
      'GET /api/schedule/classes': () =>
        json(200, [
          recurringClassFixture({ name: 'No-Gi', weekdays: [2], startTime: '19:00', timeZone: 'Asia/Tokyo' }),
        ]),
    });
    await renderForm();
    expect(
      await screen.findByText("In the academy's time zone, Asia/Tokyo; it stays the same when the clocks change."),
    ).toBeVisible();
  });

  it('speaks Polish', async () => {
    stubFetch({});
    const user = await renderForm('pl');
    await user.click(screen.getByRole('button', { name: 'Utwórz zajęcia' }));
    expect(screen.getByText('Wybierz co najmniej jeden dzień tygodnia.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'śr.' })).toBeVisible();
  });

  describe('editing a class that runs', () => {
    const GI = recurringClassFixture({ description: 'Escapes', instructorId: 7 });
    const UPDATE = 'PUT /api/schedule/classes/3';

    async function renderEdit(language: 'en' | 'pl' = 'en') {
      const user = userEvent.setup({ delay: null });
      await renderWithApp(<RecurringClassForm recurringClass={GI} />, {
        path: '/schedule/3/edit',
        language,
        routes: [
          { path: '/schedule/3/edit', element: <RecurringClassForm recurringClass={GI} /> },
          { path: '/schedule', element: <h1>Schedule page</h1> },
        ],
      });
      return user;
    }

    it('starts from the class, sends the whole class for this and the following sessions, and names those kept', async () => {
      const { callsTo } = stubFetch({
        [UPDATE]: () =>
          json(200, { recurringClass: { ...GI, id: 5, startTime: '19:00', weekdays: [1, 3, 5] }, keptSessionIds: [9] }),
      });
      const user = await renderEdit();
      expect(screen.getByRole('heading', { name: 'Edit Gi Fundamentals' })).toBeVisible();
      expect(screen.getByLabelText('Class name')).toHaveValue('Gi Fundamentals');
      expect(screen.getByRole('checkbox', { name: 'Wed' })).toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Fri' }));
      const start = screen.getByLabelText(/Start time/);
      await user.clear(start);
      await user.type(start, '19:00');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByRole('heading', { name: 'Schedule page' })).toBeVisible();
      expect(callsTo(UPDATE)[0]?.body).toEqual({
        name: 'Gi Fundamentals',
        weekdays: [1, 3, 5],
        startTime: '19:00',
        durationMinutes: 60,
        targetLevel: 'Beginner',
        capacity: 24,
        description: 'Escapes',
      });
      expect(await screen.findByText('Gi Fundamentals was changed')).toBeVisible();
      expect(screen.getByText('1 session with check-ins was kept as it was.')).toBeVisible();
    });

    it('tells, in English and Polish, that the coming sessions change in place and keep their check-ins', async () => {
      stubFetch({});
      await renderEdit();
      expect(
        screen.getByText(
          "The change applies from today on. The class's coming sessions on days it still runs change in place and " +
            'keep the members checked in to them; a session on a day it no longer runs is removed, or kept as it was ' +
            'if members checked in to it. Sessions changed on their own (“This session only”) keep their changes.',
        ),
      ).toBeVisible();
      cleanup();
      await renderEdit('pl');
      expect(screen.getByText(/zmieniają się na miejscu i zachowują listę zapisanych członków/)).toBeVisible();
    });

    it("names the class's time zone under the start time, in English and Polish", async () => {
      stubFetch({});
      await renderEdit();
      expect(
        screen.getByText("In the academy's time zone, Europe/Warsaw; it stays the same when the clocks change."),
      ).toBeVisible();
      cleanup();
      await renderEdit('pl');
      expect(
        screen.getByText('W strefie czasowej akademii (Europe/Warsaw); nie zmienia się przy zmianie czasu.'),
      ).toBeVisible();
    });

    it("shows the form's problems inline and the server's refusal under its field", async () => {
      const { callsTo } = stubFetch({
        [UPDATE]: () => problem(400, 'One or more validation errors occurred.', { capacity: ['Too many people.'] }),
      });
      const user = await renderEdit();
      await user.clear(screen.getByLabelText('Class name'));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(screen.getByText('Give the class a name.')).toBeVisible();
      expect(callsTo(UPDATE)).toHaveLength(0);
      await user.type(screen.getByLabelText('Class name'), 'Gi');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Too many people.')).toBeVisible();
      expect(screen.getByLabelText('Capacity')).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
