import { ROLE_INSTRUCTOR, ROLE_STUDENT, type Role } from '@openmat/contract/enums';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { makeSession, makeSessionDetails } from '@/features/sessions/components/session-fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/auth';
import { renderWithApp } from '@/testing/render';
import { ClassSessionRoute } from './class-session';
import { CreateSessionRoute, EditSessionRoute } from './session-form';

const LIST = 'GET /api/trainingsession';
/** The list shows the sessions as a table and, for a phone, as cards: the tests use the table. */
const table = () => screen.getByRole('table', { name: 'Active Training Sessions' });
/** A session that has not ended, so that a student may check in. */
const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString();

function signIn(role: Role) {
  signInAs('joao@example.com', { id: 3, fighterName: 'Mestre João', role, beltColor: 'Black' });
}

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

const routes = [
  { path: '/class-session', element: <ClassSessionRoute /> },
  { path: '/create-session', element: <CreateSessionRoute /> },
  { path: '/edit-session/:sessionId', element: <EditSessionRoute /> },
  { path: '/session-details/:sessionId', element: <h1>Session details page</h1> },
];

describe('ClassSessionRoute', () => {
  it('leads a student (role 0) from Check-In to the session details', async () => {
    signIn(ROLE_STUDENT);
    stubFetch({ [LIST]: () => json(200, [makeSession({ id: 5, trainingDate: tomorrow() })]) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    await user.click(await within(table()).findByRole('link', { name: 'Check-In' }));
    expect(await screen.findByRole('heading', { name: 'Session details page' })).toBeVisible();
  });

  it("shows this week's timetable above the session list", async () => {
    signIn(ROLE_STUDENT);
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    const timetable = await screen.findByTestId('week-timetable');
    expect(timetable.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows an instructor waiting for approval what a student sees: no create buttons that would be refused', async () => {
    signIn(ROLE_INSTRUCTOR);
    useAuthStore.setState((state) => ({ user: state.user ? { ...state.user, instructorPending: true } : null }));
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    expect(screen.getByRole('button', { name: 'Create New Session' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'New recurring class' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Weekly schedule' })).toBeNull();
  });

  it('shows the disabled Create New Session button to a student', async () => {
    signIn(ROLE_STUDENT);
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    expect(screen.getByRole('button', { name: 'Create New Session' })).toBeDisabled();
    expect(await within(table()).findByText('No results.')).toBeVisible();
  });

  it('lets an instructor go from the list to the edit form and back after saving', async () => {
    signIn(ROLE_INSTRUCTOR);
    const session = makeSession({ id: 5, description: 'Open mat' });
    const details = makeSessionDetails({ ...session });
    const { callsTo } = stubFetch({
      [LIST]: () => json(200, [session]),
      'GET /api/trainingsession/5': () => json(200, details),
      'PUT /api/trainingsession/5': () => json(200, details),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    const row = await screen.findByRole('row', { name: /Open mat/ });
    expect(within(row).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/session-details/5');
    await user.click(within(row).getByRole('link', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Update Session Details' })).toBeVisible();
    expect(await screen.findByLabelText('Instructor name')).toHaveValue('Mestre João');
    expect(screen.getByRole('button', { name: 'Close Session' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find your training session to check in' }),
    ).toBeVisible();
    expect(callsTo('PUT /api/trainingsession/5')).toHaveLength(1);
  });

  it('leads an instructor to the create form', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({ [LIST]: () => json(200, []) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes });
    await user.click(screen.getByRole('link', { name: 'Create New Session' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Session' })).toBeVisible();
    expect(screen.getByLabelText('Instructor name')).toHaveValue('Mestre João');
  });

  it('speaks Polish', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({ [LIST]: () => json(200, [makeSession({ id: 5, trainingDate: tomorrow() })]) });
    await renderWithApp(<ClassSessionRoute />, { path: '/class-session', routes, language: 'pl' });
    const polishTable = screen.getByRole('table', { name: 'Aktywne sesje treningowe' });
    expect(await within(polishTable).findByRole('link', { name: 'Edytuj' })).toHaveAttribute('href', '/edit-session/5');
    expect(within(polishTable).getByRole('link', { name: 'Zarządzaj' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Utwórz nową sesję' })).toHaveAttribute('href', '/create-session');
  });
});
