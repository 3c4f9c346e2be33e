/** The query parameter of /login that names the page to go to after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * A page of this app to return to after signing in, or null. Only a same-origin relative path is
 * taken: it starts with one `/` (not `//` or `/\`, which browsers read as another host) and holds no
 * control characters or backslashes, so the parameter can never send anyone to another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  // The address must stay on this origin once the browser resolves it.
  try {
    const base = 'https://openmat.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login`, asking to come back to `path` (a signed-in page) after signing in. */
export function loginFor(path: string): string {
  const back = safeReturnPath(path);
  return back && back !== '/' ? `/login?${RETURN_TO_PARAM}=${encodeURIComponent(back)}` : '/login';
}

/** Where the page to return to waits while the browser visits the external sign-in provider. */
const PENDING_KEY = 'openmat-return-to';

/** Remembers the page to return to (from the login's address) across an external sign-in. */
export function rememberReturnPath(search: string): void {
  const back = safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM));
  if (back) sessionStorage.setItem(PENDING_KEY, back);
  else sessionStorage.removeItem(PENDING_KEY);
}

/** The page remembered by `rememberReturnPath`, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  const back = safeReturnPath(sessionStorage.getItem(PENDING_KEY));
  sessionStorage.removeItem(PENDING_KEY);
  return back;
}
