import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProvider, type LoopbackProvider } from '../../apps/server/test/support/oidc-provider.js';
import { PASSWORD, registerViaApi } from '../support/accounts.js';
import { allowPageProblem, expectPageProblem, launchBrowser, openContext, screenshot } from '../support/browser.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

let accounts = 0;
/** An address no other journey, and no earlier run against the same server, has used. */
const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++accounts}@example.com`;

/** The console error Chromium logs for an answer of 401 to a request whose path starts with `path`. */
const unauthorizedAt = (path: string) =>
  new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of 401 .*\\(http://[^/]+${path}`,
  );

describe('accounts and sign-in in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let provider: LoopbackProvider;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startLoopbackProvider([`http://127.0.0.1:${port}/api/externalauth/callback`]);
    server = await startServer(
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
      },
      port,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
    await provider.close();
    await rm(server.dataDir, { recursive: true, force: true });
  });

  async function newPage(on: RunningServer = server): Promise<Page> {
    const { page } = await openContext(browser, { baseURL: on.url, locale: 'en-US' });
    return page;
  }

  /** The status the server answers a call with this access token: 200 while it is valid, 401 once expired. */
  const statusWith = async (on: RunningServer, token: string | null) =>
    (await fetch(`${on.url}/api/auth/v1/manage/info`, { headers: { authorization: `Bearer ${token}` } })).status;

  /** Polls until the server refuses the token; the bound is the journey's timeout. */
  const expiryOf = (on: RunningServer, token: string | null) =>
    expect.poll(() => statusWith(on, token), { timeout: 60_000, interval: 100 }).toBe(401);

  /** The app's next token refresh: its response, whose status says whether the server accepted it. */
  const nextRefresh = (page: Page) =>
    page.waitForResponse((res) => res.url().endsWith('/api/auth/v1/refresh') && res.request().method() === 'POST');

  const authState = (page: Page) =>
    page.evaluate(() => {
      const raw = sessionStorage.getItem('auth-storage');
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      const state =
        parsed && typeof parsed === 'object' && 'state' in parsed && parsed.state && typeof parsed.state === 'object'
          ? parsed.state
          : {};
      return {
        accessToken: 'accessToken' in state && typeof state.accessToken === 'string' ? state.accessToken : null,
        loginStatus: 'loginStatus' in state ? String(state.loginStatus) : null,
      };
    });

  async function register(page: Page, role: 'Student' | 'Instructor' | 'default', email: string, name: string) {
    await page.goto(role === 'Student' ? '/register?role=Student' : '/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Height (cm)').fill('178');
    await page.getByLabel('Weight (kg)').fill('77');
    await page.getByLabel('Date of birth').fill('1994-05-20');
    await page.getByLabel('Weight (kg)').blur();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure all of your details are correct?' });
    await dialog.getByText('*You cannot update your details once submitted!').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The app's own alert, not the browser's: the page stays until OK closes it, then goes to /home.
    const alert = page.getByRole('alertdialog', { name: 'Registration successful!' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/home');
  }

  async function login(page: Page, email: string, password = PASSWORD) {
    await page.goto('/home');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  }

  it('registers a student and an instructor through the form, with the confirmation dialog', async () => {
    const page = await newPage();
    const student = uniqueEmail('student');
    const coach = uniqueEmail('coach');
    await register(page, 'Student', student, 'Stella Student');
    await register(page, 'default', coach, 'Carlos Coach');
    // Both can sign in with what they registered.
    for (const email of [student, coach]) {
      const res = await fetch(`${server.url}/api/fighter/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status, email).toBe(200);
    }
    await page.context().close();
  });

  it('logs in, stays signed in across a reload, and logs out', async () => {
    const email = uniqueEmail('student');
    await registerViaApi(email, 'Student', 'Stella Student', server.url);
    const page = await newPage();
    await login(page, email);
    await page.waitForURL('**/class-session');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Video Analysis' }).waitFor();
    await header.getByRole('link', { name: 'Manage Classes' }).waitFor();
    await header.getByText(`Welcome, ${email}`).waitFor();
    expect((await authState(page)).loginStatus).toBe('authenticated');
    await screenshot(page, 'signed-in-sessions');

    // A hard refresh on a deep link keeps the session.
    await page.goto('/videos');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Shared videos', exact: true }).waitFor();
    await header.getByRole('button', { name: 'Logout' }).waitFor();

    // An id that is not a number is no page, inside the layout.
    await page.goto('/session-details/abc');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/home');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect((await authState(page)).accessToken).toBeNull();
    // Signed out, a signed-in page tries the sign-in step (the external sign-in cookie), which the
    // server refuses with a 401, and sends the visitor to the login.
    expectPageProblem(unauthorizedAt('/api/auth/v1/login'));
    await page.goto('/class-session');
    // The login remembers the page asked for, to return there after signing in.
    await page.waitForURL('**/home?returnTo=%2Fclass-session');
    await page.context().close();
  });

  it('refreshes an expired access token, on the next call and on the next page load, and carries on', async () => {
    // Its own server, whose access tokens live 3 s: the other journeys never see one expire.
    const shortLived = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    try {
      const email = uniqueEmail('expiring');
      await registerViaApi(email, 'Student', 'Stella Student', shortLived.url);
      const page = await newPage(shortLived);
      // A call made with an expired token is answered 401; the app refreshes the tokens and repeats it.
      // The live-notification connections may refresh them first (the server closes a hub connection
      // whose token expired, and it reconnects with fresh tokens), and then no call is refused.
      allowPageProblem(unauthorizedAt('/api/trainingsession'));
      // The timetable also reads the recurring classes (for the academy's time zone) and the holidays
      // (to mark their days) on the same page.
      allowPageProblem(unauthorizedAt('/api/schedule/classes'));
      allowPageProblem(unauthorizedAt('/api/schedule/holidays'));
      await login(page, email);
      await page.waitForURL('**/class-session');
      await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();

      // A page that calls nothing, loaded afresh: the next visit to the sessions fetches them again.
      await page.goto('/videos');
      const header = page.getByRole('banner');
      await page.getByRole('heading', { level: 1, name: 'Shared videos', exact: true }).waitFor();
      const first = await authState(page);
      // Listened for before the token expires: a hub that reconnects at the expiry may refresh the tokens
      // before the poll below sees the expiry, and that refresh must not be missed.
      let refreshed = nextRefresh(page);
      await expiryOf(shortLived, first.accessToken);

      // The next call: the tokens are refreshed (after the sessions list is refused, or before it by a
      // reconnecting hub), and the list is shown.
      const listed = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/trainingsession' && res.status() === 200,
      );
      await header.getByRole('link', { name: 'Manage Classes' }).click();
      expect((await refreshed).status()).toBe(200);
      await listed;
      await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();
      const second = await authState(page);
      expect(second).toMatchObject({ loginStatus: 'authenticated' });
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(await statusWith(shortLived, second.accessToken)).toBe(200);

      // The next page load, once that token has expired too, refreshes it before anything shows.
      refreshed = nextRefresh(page);
      await expiryOf(shortLived, second.accessToken);
      await page.reload();
      expect((await refreshed).status()).toBe(200);
      await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();
      const third = await authState(page);
      expect(third.accessToken).not.toBe(second.accessToken);
      expect(await statusWith(shortLived, third.accessToken)).toBe(200);
      await page.context().close();
    } finally {
      await shortLived.stop();
      await rm(shortLived.dataDir, { recursive: true, force: true });
    }
  });

  it("shows 'Login failed, reason: ' with the server's reason for a wrong password", async () => {
    const email = uniqueEmail('coach');
    await registerViaApi(email, 'Instructor', 'Carlos Coach', server.url);
    const page = await newPage();
    // The server refuses the password with a 401, and the app logs the failure, as the alert says.
    expectPageProblem(unauthorizedAt('/api/fighter/login'));
    expectPageProblem(/^console\.error: Login failed ApiError: Invalid email or password\./);
    await login(page, email, 'wrong-password-1');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByText('Login failed, reason: Invalid email or password.').waitFor();
    await alert.getByText('Check console for details').waitFor();
    await screenshot(page, 'login-failed');
    await page.getByLabel('Password').fill('x');
    await alert.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('signs in through the external OpenID provider and lands on the sessions as a new instructor', async () => {
    // Someone the server has never seen: the provider's subject and e-mail are this journey's own.
    const email = uniqueEmail('external.coach');
    provider.signInAs({ sub: `ext-${email}`, email, emailVerified: true, name: 'External Coach' });
    const page = await newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/class-session');
    expect(page.url()).not.toContain('token=');
    await page.getByRole('banner').getByText(`Welcome, ${email}`).waitFor();

    // The new instructor's profile is empty: the app offers to complete it, once.
    await page.getByRole('link', { name: 'Complete your profile' }).click();
    await page.waitForURL('**/profile');
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe('External Coach');
    await page.getByLabel('Date of birth').fill('1988-02-29');
    await page.getByLabel('Height (cm)').fill('180');
    await page.getByLabel('Weight (kg)').fill('80');
    await page.getByLabel('Weight (kg)').blur();
    expect(await page.getByLabel('BMI').inputValue()).toBe('24.69');
    await screenshot(page, 'profile-incomplete');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your profile is complete.').waitFor();
    await page.getByText('Your details cannot be changed once submitted.').waitFor();
    await screenshot(page, 'profile-complete');
    await page.goto('/class-session');
    await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Complete your profile' }).count()).toBe(0);
    await page.context().close();
  });
});
