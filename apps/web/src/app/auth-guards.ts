import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** Signed-in pages: the session is checked (hydrate or the sign-in step) before they show. */
export async function requireSession() {
  const { ensureSession } = await import('@/features/auth/auth-actions');
  if (!(await ensureSession())) throw redirect('/login');
  return null;
}

/** /home and /login: a signed-in visit goes to /class-session; /login itself shows /home. */
export function loginPage({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (useAuthStore.getState().loginStatus === 'authenticated') throw redirect('/class-session');
  if (url.pathname === '/login') throw redirect(`/home${url.search}`);
  return null;
}
