import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNavigation } from '@/lib/navigation';
import { closeAlert } from '@/testing/alert-dialog';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { takeConsoleErrors } from '@/testing/console-guard';
import { renderWithApp } from '@/testing/render';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { LoginPanel } from './login-panel';

const info = { userInfo: { email: 'ana@example.com', isEmailConfirmed: false }, fighterInfo: null };

beforeEach(() => {
  useAuthStore.setState(signedOut);
  connectNavigation(vi.fn());
});
afterEach(() => vi.restoreAllMocks());

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPanel', () => {
  it('shows the heading, both blurbs, the register link and no external button when it is off', async () => {
    stubFetch({ 'GET /api/externalauth/status': () => json(200, { enabled: false }) });
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={vi.fn()} />);
    expect(screen.getByText('Train like a warrior')).toBeInTheDocument();
    expect(screen.getByText('For Students')).toBeInTheDocument();
    expect(screen.getByText('For Instructors')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Sign in with Google to start using our premium Instructor features!' }),
    ).toHaveAttribute('href', '/register');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull());
  });

  it('offers external sign-in when the server has it', async () => {
    stubFetch({ 'GET /api/externalauth/status': () => json(200, { enabled: true }) });
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('signs in and reports success', async () => {
    stubFetch({
      'GET /api/externalauth/status': () => json(200, { enabled: false }),
      'POST /api/fighter/login': () =>
        json(200, { tokenType: 'Bearer', accessToken: 'a', expiresIn: 3600, refreshToken: 'r' }),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    const onSuccess = vi.fn();
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={onSuccess} />);
    await fillAndSubmit('ana@example.com', 'secret-123');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(useAuthStore.getState().user?.email).toBe('ana@example.com');
  });

  it("shows 'Login failed, reason: ' with the server's text, and clears it when a field is edited", async () => {
    let release: () => void = () => undefined;
    stubFetch({
      'GET /api/externalauth/status': () => json(200, { enabled: false }),
      'POST /api/fighter/login': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(problem(401, 'Invalid email or password.'));
        }),
    });
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={vi.fn()} />);
    await fillAndSubmit('ana@example.com', 'wrong-pass-1');
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed, reason: Invalid email or password.');
    expect(alert).toHaveTextContent('Check console for details');
    expect(takeConsoleErrors().join()).toContain('Invalid email or password.');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a missing or malformed field in its own words, under the field, in Polish too, without a request', async () => {
    const http = stubFetch({ 'GET /api/externalauth/status': () => json(200, { enabled: false }) });
    const user = userEvent.setup();
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={vi.fn()} />, { language: 'pl' });
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAccessibleDescription('Podaj adres e-mail.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Wpisz hasło.');
    expect(email).toHaveFocus();

    await user.type(email, 'ana@');
    // Editing the e-mail clears its message and leaves the password's.
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Wpisz hasło.');
    await user.type(screen.getByLabelText('Hasło'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(email).toHaveAccessibleDescription('Podaj poprawny adres e-mail.');
    expect(email).toHaveFocus();
    expect(http.callsTo('POST /api/fighter/login')).toHaveLength(0);
  });

  it("alerts 'Error: ' and the exception when the login gets no answer, in the app's dialog", async () => {
    stubFetch({
      'GET /api/externalauth/status': () => json(200, { enabled: false }),
      'POST /api/fighter/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const onSuccess = vi.fn();
    await renderWithApp(<LoginPanel ssoError={null} onSuccess={onSuccess} />);
    await fillAndSubmit('ana@example.com', 'secret-123');
    await closeAlert(userEvent.setup(), 'Error: Failed to fetch');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(takeConsoleErrors().join()).toContain('Failed to fetch');
  });

  it('explains an external sign-in that came back with an error, in Polish too', async () => {
    stubFetch({ 'GET /api/externalauth/status': () => json(200, { enabled: false }) });
    await renderWithApp(<LoginPanel ssoError="SSO-failed" onSuccess={vi.fn()} />, { language: 'pl' });
    expect(screen.getByRole('alert')).toHaveTextContent('Logowanie nie zostało dokończone (SSO-failed)');
    expect(screen.getByText('Trenuj jak wojownik')).toBeInTheDocument();
  });
});
