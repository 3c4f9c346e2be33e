import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { RootLayout } from './root-layout';

function signInInstructor(instructorPending: boolean) {
  useAuthStore.setState({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    loginStatus: 'authenticated',
    user: {
      email: 'coach@example.com',
      isEmailConfirmed: true,
      instructorPending,
      fighterInfo: {
        id: 3,
        fighterName: 'Coach Ana',
        role: 1,
        beltColor: 'Black',
        birthdate: '1990-01-01',
        height: 170,
        weight: 70,
        gender: 'Female',
        experience: 2,
      },
    },
  });
}

beforeEach(() => {
  // ScrollRestoration scrolls the window, which jsdom does not implement.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

const routes = [{ element: <RootLayout />, children: [{ path: '/class-session', element: <h1>Page</h1> }] }];
const NOTICE = /Your instructor account waits for approval/;

describe('RootLayout for an instructor account', () => {
  it('shows an instructor waiting for approval the student navigation and says why', async () => {
    stubFetch({});
    signInInstructor(true);
    await renderWithApp(<RootLayout />, { path: '/class-session', routes });
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.queryByRole('link', { name: 'Members' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage Classes' })).toBeVisible();
  });

  it('shows an approved instructor the instructor navigation, without the notice', async () => {
    stubFetch({});
    signInInstructor(false);
    await renderWithApp(<RootLayout />, { path: '/class-session', routes });
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Members' })).toBeVisible();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
