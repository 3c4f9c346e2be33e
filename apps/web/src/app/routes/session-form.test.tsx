import { ROLE_INSTRUCTOR, ROLE_STUDENT, type Role } from '@openmat/contract/enums';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { makeSessionDetails } from '@/features/sessions/components/session-fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/auth';
import { renderWithApp } from '@/testing/render';
import { CreateSessionRoute, EditSessionRoute } from './session-form';

function signIn(role: Role, fighterName = 'Ana Silva') {
  signInAs('ana@example.com', { id: 8, fighterName, role, beltColor: 'Brown' });
}

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

const routes = [
  { path: '/create-session', element: <CreateSessionRoute /> },
  { path: '/edit-session/:sessionId', element: <EditSessionRoute /> },
];

describe('CreateSessionRoute', () => {
  it('names the signed-in fighter as the instructor', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({});
    await renderWithApp(<CreateSessionRoute />, { path: '/create-session', routes });
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Session' })).toBeVisible();
    expect(screen.getByLabelText('Instructor name')).toHaveValue('Ana Silva');
    expect(screen.queryByText(/^Only instructors create and change sessions/)).toBeNull();
  });

  it('tells a student, in Polish too, that only instructors create sessions', async () => {
    signIn(ROLE_STUDENT);
    stubFetch({});
    await renderWithApp(<CreateSessionRoute />, { path: '/create-session', routes, language: 'pl' });
    expect(screen.getByText(/^Tylko instruktorzy tworzą i zmieniają zajęcia\./)).toBeVisible();
  });

  it('speaks Polish', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({});
    await renderWithApp(<CreateSessionRoute />, { path: '/create-session', routes, language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Utwórz nową sesję' })).toBeVisible();
    expect(screen.getByLabelText('Instruktor')).toHaveValue('Ana Silva');
    expect(screen.getByRole('button', { name: 'Utwórz' })).toBeVisible();
  });
});

describe('EditSessionRoute', () => {
  it("loads the session of the address, with the session's instructor, and lets an instructor close it", async () => {
    signIn(ROLE_INSTRUCTOR);
    const { callsTo } = stubFetch({
      'GET /api/trainingsession/42': () => json(200, makeSessionDetails({ id: 42, instructorId: 8 })),
    });
    await renderWithApp(<EditSessionRoute />, { path: '/edit-session/42', routes });
    expect(await screen.findByLabelText('Instructor name')).toHaveValue('Mestre João');
    expect(callsTo('GET /api/trainingsession/42')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close Session' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Session' })).toBeVisible();
  });

  it("tells an instructor who opens another instructor's session that it is not theirs, in Polish too", async () => {
    signIn(ROLE_INSTRUCTOR);
    // Ana (fighter 8) opens Mestre João's session (instructor 3).
    stubFetch({ 'GET /api/trainingsession/42': () => json(200, makeSessionDetails({ id: 42 })) });
    await renderWithApp(<EditSessionRoute />, { path: '/edit-session/42', routes, language: 'pl' });
    expect(
      await screen.findByText('Ta sesja należy do innego instruktora; tylko on może ją edytować, zamknąć lub usunąć.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Otwórz szczegóły sesji' })).toHaveAttribute('href', '/session-details/42');
    expect(screen.queryByRole('button', { name: 'Zaktualizuj' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zamknij sesję' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Usuń sesję' })).toBeNull();
  });

  it('offers a student no Close or Delete', async () => {
    signIn(ROLE_STUDENT);
    stubFetch({ 'GET /api/trainingsession/42': () => json(200, makeSessionDetails({ id: 42 })) });
    await renderWithApp(<EditSessionRoute />, { path: '/edit-session/42', routes });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    // Told before filling it in that the server takes changes from instructors only.
    expect(screen.getByText(/^Only instructors create and change sessions\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the session details' })).toHaveAttribute(
      'href',
      '/session-details/42',
    );
    expect(screen.queryByRole('button', { name: 'Close Session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Session' })).toBeNull();
  });

  it('speaks Polish', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({ 'GET /api/trainingsession/42': () => json(200, makeSessionDetails({ id: 42, instructorId: 8 })) });
    await renderWithApp(<EditSessionRoute />, { path: '/edit-session/42', routes, language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Zaktualizuj szczegóły sesji' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Zaktualizuj' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zamknij sesję' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Usuń sesję' })).toBeVisible();
    expect(screen.getByLabelText('Poziom docelowy')).toHaveDisplayValue('Średniozaawansowany');
  });
});
