import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { loginPage, requireSession } from './auth-guards';

vi.mock('@/features/auth/auth-actions', () => ({ ensureSession: vi.fn(async () => false) }));

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {} }) as LoaderFunctionArgs;

async function redirectOf(run: () => unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

afterEach(() => useAuthStore.setState(signedOut));

describe('deep links through sign-in', () => {
  it('sends a signed-out visitor of a shared video to /login, naming the video to come back to', async () => {
    expect(await redirectOf(() => requireSession(args('/video-review/42?t=30')))).toBe(
      '/login?returnTo=%2Fvideo-review%2F42%3Ft%3D30',
    );
  });

  it('sends a signed-in visitor of /login on to the page asked for, on this site only', async () => {
    useAuthStore.setState({ ...signedOut, loginStatus: 'authenticated', accessToken: 'a', refreshToken: 'r' });
    expect(await redirectOf(() => loginPage(args('/home?returnTo=%2Fvideo-review%2F42')))).toBe('/video-review/42');
    expect(await redirectOf(() => loginPage(args('/home?returnTo=%2F%2Fevil.example')))).toBe('/class-session');
    expect(await redirectOf(() => loginPage(args('/home?returnTo=https%3A%2F%2Fevil.example')))).toBe('/class-session');
  });

  it('keeps the page to come back to when /login becomes /home', async () => {
    expect(await redirectOf(() => loginPage(args('/login?returnTo=%2Fmembers')))).toBe('/home?returnTo=%2Fmembers');
  });
});
