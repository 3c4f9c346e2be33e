import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { RegisterRoute } from './register';

const STATUS = 'GET /api/externalauth/status';

afterEach(() => vi.restoreAllMocks());

describe('RegisterRoute', () => {
  it('shows the heading, the form and the Google sign-in link when the server offers it', async () => {
    stubFetch({ [STATUS]: () => json(200, { enabled: true }) });
    await renderWithApp(<RegisterRoute />, { path: '/register?role=Instructor&plan=premium' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your OpenMat account' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Registration' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Sign in with Google instead' });
    expect(link).toHaveAttribute(
      'href',
      `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${window.location.origin}/sso-callback`)}`,
    );
  });

  it('shows no sign-in link when external sign-in is off', async () => {
    const { callsTo } = stubFetch({ [STATUS]: () => json(200, { enabled: false }) });
    await renderWithApp(<RegisterRoute />, { path: '/register' });
    await vi.waitFor(() => expect(callsTo(STATUS)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google instead' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('speaks Polish', async () => {
    stubFetch({ [STATUS]: () => json(200, { enabled: true }) });
    await renderWithApp(<RegisterRoute />, { path: '/register', language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Załóż konto w OpenMat' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Zamiast tego zaloguj się przez Google' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Instruktor' })).toBeChecked();
  });
});
