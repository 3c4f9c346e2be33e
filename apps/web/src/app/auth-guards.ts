import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { loginFor, RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';

/**
 * Signed-in pages: the session is checked (hydrate or the sign-in step) before they show. A visitor
 * goes to /login, which brings them back to the page they asked for once signed in.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const { ensureSession } = await import('@/features/auth/auth-actions');
  if (!(await ensureSession())) {
    const url = new URL(request.url);
    throw redirect(loginFor(`${url.pathname}${url.search}${url.hash}`));
  }
  return null;
}

/** /home and /login: a signed-in visit goes to /class-session; /login itself shows /home. */
export function loginPage({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (useAuthStore.getState().loginStatus === 'authenticated') {
    throw redirect(safeReturnPath(url.searchParams.get(RETURN_TO_PARAM)) ?? '/class-session');
  }
  if (url.pathname === '/login') throw redirect(`/home${url.search}`);
  return null;
}
