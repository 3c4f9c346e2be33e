import { screen, waitFor } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { ResetPasswordScreen } from './reset-password-screen';

afterEach(() => vi.restoreAllMocks());

async function renderScreen(token: string | null, onDone = vi.fn(), language: 'en' | 'pl' = 'en'): Promise<UserEvent> {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<ResetPasswordScreen token={token} onDone={onDone} />, { path: '/reset-password', language });
  return user;
}

describe('ResetPasswordScreen', () => {
  it('sends a link by e-mail and says so whatever the address', async () => {
    const { callsTo } = stubFetch({
      'GET /api/auth/v1/password-reset': () => json(200, { byEmail: true }),
      'POST /api/auth/v1/password-reset': () => new Response(null, { status: 202 }),
    });
    const user = await renderScreen(null);
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your e-mail address.');
    await user.type(screen.getByLabelText('Email'), 'ewa@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If ewa@example.com belongs to an account');
    expect(callsTo('POST /api/auth/v1/password-reset')[0]?.body).toEqual({ email: 'ewa@example.com' });
  });

  it('sends members to their instructor when the server sends no e-mail, in Polish too', async () => {
    stubFetch({ 'GET /api/auth/v1/password-reset': () => json(200, { byEmail: false }) });
    await renderScreen(null, vi.fn(), 'pl');
    expect(await screen.findByText(/Poproś instruktora o link do zmiany hasła/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wyślij mi link' })).toBeNull();
  });

  it('sets a new password with the link’s token, and shows why a spent link fails', async () => {
    const onDone = vi.fn();
    const { callsTo } = stubFetch({
      'POST /api/auth/v1/password-reset/confirm': [
        () =>
          problem(400, 'The password was not changed.', {
            token: [
              'This reset link is not valid any more: it was used, it expired after 30 minutes, or it was mistyped. Ask for a new one.',
            ],
          }),
        () => new Response(null, { status: 204 }),
      ],
    });
    const user = await renderScreen('tok-123', onDone);
    await user.type(screen.getByLabelText('New password'), 'new-pass-22');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-pass-21');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-pass-22');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/This reset link is not valid any more/)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(callsTo('POST /api/auth/v1/password-reset/confirm')[1]?.body).toEqual({
      token: 'tok-123',
      newPassword: 'new-pass-22',
    });
    expect(await screen.findByText('Your password was changed. Sign in with the new one.')).toBeInTheDocument();
  });
});
