import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNavigation } from '@/lib/navigation';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { signedOut, useAuthStore, type AuthUser } from '../stores/auth-store';
import { AccountSettings } from './account-settings';

const navigate = vi.fn();
const STUDENT: AuthUser = { email: 'ewa@example.com', isEmailConfirmed: false, hasPassword: true, fighterInfo: null };

function signIn(user: AuthUser = STUDENT) {
  useAuthStore.setState({
    ...signedOut,
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    loginStatus: 'authenticated',
    user,
  });
}

beforeEach(() => {
  navigate.mockReset();
  connectNavigation(navigate);
  signIn();
});
afterEach(() => vi.restoreAllMocks());

async function renderSettings(language: 'en' | 'pl' = 'en'): Promise<UserEvent> {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<AccountSettings />, { path: '/profile', language });
  return user;
}

describe('change password', () => {
  it('sends the current and the new password, clears the form and says so in a toast', async () => {
    const { callsTo } = stubFetch({ 'POST /api/auth/v1/manage/password': () => new Response(null, { status: 204 }) });
    const user = await renderSettings();
    await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
    await user.type(screen.getByLabelText('New password'), 'new-pass-22');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-pass-22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/v1/manage/password')[0]?.body).toEqual({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-22',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password under its field, and a mismatch without asking the server', async () => {
    const { callsTo } = stubFetch({
      'POST /api/auth/v1/manage/password': () =>
        problem(400, 'The password was not changed.', { currentPassword: ['The current password is not right.'] }),
    });
    const user = await renderSettings();
    await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
    await user.type(screen.getByLabelText('New password'), 'new-pass-22');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-pass-23');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    // The focus goes to the field with the message, which is then read.
    expect(screen.getByLabelText('Repeat the new password')).toHaveFocus();
    expect(callsTo('POST /api/auth/v1/manage/password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Repeat the new password'), '{Backspace}2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not right.',
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
  });
});

describe('delete my account', () => {
  it('asks for the password in a dialog, deletes, and signs out', async () => {
    const { callsTo } = stubFetch({
      'DELETE /api/auth/v1/manage/account': [
        () => problem(400, 'The account was not deleted.', { confirmation: ['Type your password to confirm.'] }),
        () => new Response(null, { status: 204 }),
      ],
    });
    const user = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByLabelText('Type your password to confirm')).toHaveAccessibleDescription(
      'Type your password to confirm.',
    );
    expect(callsTo('DELETE /api/auth/v1/manage/account')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Type your password to confirm'), 'wrong-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(callsTo('DELETE /api/auth/v1/manage/account')).toHaveLength(1));
    expect(useAuthStore.getState().loginStatus).toBe('authenticated');
    // The refusal puts the focus back in the field, inside the dialog.
    await waitFor(() => expect(within(dialog).getByLabelText('Type your password to confirm')).toHaveFocus());

    await user.clear(within(dialog).getByLabelText('Type your password to confirm'));
    await user.type(within(dialog).getByLabelText('Type your password to confirm'), 'mat-time-42');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account and your data were deleted.')).toBeInTheDocument();
    expect(callsTo('DELETE /api/auth/v1/manage/account')[1]?.body).toEqual({ confirmation: 'mat-time-42' });
    expect(useAuthStore.getState().loginStatus).toBe('unauthenticated');
    expect(navigate).toHaveBeenCalledWith('/home');
    // The server ended every sign-in with the account: nothing is left to log out of.
    expect(callsTo('POST /api/auth/v1/logout')).toHaveLength(0);
  });

  it('asks an account without a password for its e-mail address instead, in Polish too', async () => {
    signIn({ ...STUDENT, hasPassword: false });
    stubFetch({});
    const user = await renderSettings('pl');
    expect(screen.queryByRole('heading', { name: 'Zmiana hasła' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Usuń moje konto…' }));
    const field = await screen.findByLabelText('Wpisz adres e-mail, aby potwierdzić');
    expect(field).toHaveAttribute('type', 'email');
    // The server deletes such an account only from a recent sign-in; the dialog says so before it is tried.
    expect(field).toHaveAccessibleDescription(
      'Konto, które loguje się przez inny serwis, można usunąć w ciągu 10 minut od zalogowania. Logowanie było wcześniej? Najpierw wyloguj się i zaloguj ponownie.',
    );
  });
});

describe('instructor approval', () => {
  const COACH: AuthUser = {
    ...STUDENT,
    fighterInfo: {
      id: 3,
      fighterName: 'Coach Ana',
      role: 1,
      beltColor: 'Black',
      birthdate: null,
      height: null,
      weight: null,
      gender: null,
      experience: null,
    },
  };

  it('lists instructors waiting for approval and approves one', async () => {
    signIn(COACH);
    const waiting = {
      instructors: [
        { userId: 9, email: 'new@example.com', fighterName: 'Coach New', registeredAt: '2026-11-20T10:00:00Z' },
      ],
    };
    const { callsTo } = stubFetch({
      'GET /api/instructors/pending': [() => json(200, waiting), () => json(200, { instructors: [] })],
      'POST /api/instructors/9/approve': () => new Response(null, { status: 204 }),
    });
    const user = await renderSettings();
    expect(await screen.findByText('Coach New')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Coach New can now work as an instructor.')).toBeInTheDocument();
    expect(callsTo('POST /api/instructors/9/approve')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Instructors waiting for approval' })).toBeNull());
  });

  it('tells a pending instructor why instructor screens refuse them', async () => {
    signIn({ ...COACH, instructorPending: true });
    const { callsTo } = stubFetch({});
    await renderSettings();
    expect(screen.getByRole('status')).toHaveTextContent('Your instructor account waits for approval');
    expect(callsTo('GET /api/instructors/pending')).toHaveLength(0);
  });
});
