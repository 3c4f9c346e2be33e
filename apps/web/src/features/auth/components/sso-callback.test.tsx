import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNavigation } from '@/lib/navigation';
import { rememberReturnPath, takeReturnPath } from '@/lib/return-to';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { SsoCallback } from './sso-callback';

const info = { userInfo: { email: 'coach@example.com', isEmailConfirmed: true }, fighterInfo: null };

function routes() {
  return [
    { path: '/sso-callback', element: <SsoCallback /> },
    { path: '/login', element: <p>login page</p> },
    { path: '/class-session', element: <p>sessions page</p> },
    { path: '/video-review/:id', element: <p>video page</p> },
  ];
}

beforeEach(() => {
  useAuthStore.setState(signedOut);
  connectNavigation(vi.fn());
});
afterEach(() => vi.restoreAllMocks());

describe('SsoCallback', () => {
  it("shows 'Signing you in...', stores the tokens, removes them from the address bar and opens the sessions", async () => {
    window.history.replaceState(null, '', '/sso-callback?token=t1&refreshToken=r1');
    stubFetch({ 'GET /api/auth/v1/manage/info': () => json(200, info) });
    await renderWithApp(<div />, { path: '/sso-callback?token=t1&refreshToken=r1', routes: routes() });
    expect(screen.getByRole('heading', { name: 'Signing you in...' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(await screen.findByText('sessions page')).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 't1',
      refreshToken: 'r1',
      loginStatus: 'authenticated',
    });
  });

  it('returns to the page a deep link asked for before the provider, on this site only', async () => {
    rememberReturnPath('?returnTo=%2Fvideo-review%2F8');
    window.history.replaceState(null, '', '/sso-callback?token=t1&refreshToken=r1');
    stubFetch({ 'GET /api/auth/v1/manage/info': () => json(200, info) });
    await renderWithApp(<div />, { path: '/sso-callback?token=t1&refreshToken=r1', routes: routes() });
    expect(await screen.findByText('video page')).toBeInTheDocument();
    expect(takeReturnPath()).toBeNull();

    rememberReturnPath('?returnTo=https%3A%2F%2Fevil.example');
    expect(takeReturnPath()).toBeNull();
  });

  it('sends an error on to /login?error=', async () => {
    window.history.replaceState(null, '', '/sso-callback?error=access_denied');
    await renderWithApp(<div />, { path: '/sso-callback?error=access_denied', routes: routes() });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(useAuthStore.getState().loginStatus).toBe('unauthenticated');
  });

  it('treats missing tokens as SSO-failed-unexpected', async () => {
    window.history.replaceState(null, '', '/sso-callback?token=only-one');
    const seen: string[] = [];
    const router = await renderWithApp(<div />, {
      path: '/sso-callback?token=only-one',
      routes: [
        { path: '/sso-callback', element: <SsoCallback /> },
        {
          path: '/login',
          Component: () => {
            seen.push(window.location.href);
            return <p>login page</p>;
          },
        },
      ],
    });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    void router;
    await waitFor(() => expect(useAuthStore.getState().accessToken).toBeNull());
  });
});
