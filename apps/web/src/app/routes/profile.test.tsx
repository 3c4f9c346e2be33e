import { ROLE_INSTRUCTOR, ROLE_STUDENT } from '@openmat/contract/enums';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { signInAs } from '@/testing/auth';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { ProfileRoute } from './profile';

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

describe('ProfileRoute', () => {
  it('speaks to an instructor as an instructor, and to a student about their instructor', async () => {
    stubFetch({});
    signInAs('coach@example.com', { id: 3, fighterName: 'Coach Ana', role: ROLE_INSTRUCTOR, beltColor: 'Black' });
    const { unmount } = await renderWithApp(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByText(/These are your fighter details at the academy\./)).toBeVisible();
    expect(screen.queryByText(/Your instructor uses these details/)).toBeNull();
    unmount();

    signInAs('stella@example.com', { id: 11, fighterName: 'Stella', role: ROLE_STUDENT, beltColor: 'White' });
    await renderWithApp(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByText(/Your instructor uses these details/)).toBeVisible();
  });
});
