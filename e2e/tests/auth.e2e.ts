import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProvider, type LoopbackProvider } from '../../apps/server/test/support/oidc-provider.js';
import { DESKTOP, launchBrowser, screenshot } from '../support/browser.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

const ACCESS_TOKEN_SECONDS = 3;
const PASSWORD = 'mat-time-42';

describe('accounts and sign-in in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let provider: LoopbackProvider;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startLoopbackProvider([`http://127.0.0.1:${port}/api/externalauth/callback`]);
    server = await startServer(
      {
        ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_SECONDS),
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

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US' });
    return context.newPage();
  }

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
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure all of your details are correct?').waitFor();
    await dialog.getByText('*You cannot update your details once submitted!').waitFor();
    const alert = page.waitForEvent('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const shown = await alert;
    expect(shown.message()).toBe('Registration successful!');
    await shown.accept();
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
    await register(page, 'Student', 'student@example.com', 'Stella Student');
    await register(page, 'default', 'coach@example.com', 'Carlos Coach');
    await page.context().close();
  });

  it('logs in, stays signed in across a reload, refreshes an expired token, and logs out', async () => {
    const page = await newPage();
    await login(page, 'student@example.com');
    await page.waitForURL('**/class-session');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Video Analysis' }).waitFor();
    await header.getByRole('link', { name: 'Manage Classes' }).waitFor();
    await header.getByText('Welcome, student@example.com').waitFor();
    expect((await authState(page)).loginStatus).toBe('authenticated');
    await screenshot(page, 'signed-in-sessions');

    // A hard refresh on a deep link keeps the session.
    await page.goto('/videos');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Shared videos', exact: true }).waitFor();
    await header.getByRole('button', { name: 'Logout' }).waitFor();

    // Once the access token has expired, the next page load refreshes it and carries on.
    const before = await authState(page);
    await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 1) * 1000);
    const statusWith = (token: string | null) =>
      page.evaluate(
        async (bearer) =>
          (await fetch('/api/auth/v1/manage/info', { headers: { authorization: `Bearer ${bearer}` } })).status,
        token,
      );
    expect(await statusWith(before.accessToken)).toBe(401);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Shared videos', exact: true }).waitFor();
    const after = await authState(page);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(await statusWith(after.accessToken)).toBe(200);

    // An id that is not a number is no page, inside the layout.
    await page.goto('/session-details/abc');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/home');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect((await authState(page)).accessToken).toBeNull();
    await page.goto('/class-session');
    await page.waitForURL('**/home');
    await page.context().close();
  });

  it("shows 'Login failed, reason: ' with the server's reason for a wrong password", async () => {
    const page = await newPage();
    await login(page, 'coach@example.com', 'wrong-password-1');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByText('Login failed, reason: Invalid email or password.').waitFor();
    await alert.getByText('Check console for details').waitFor();
    await screenshot(page, 'login-failed');
    await page.getByLabel('Password').fill('x');
    await alert.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('signs in through the external OpenID provider and lands on the sessions as a new instructor', async () => {
    provider.signInAs({
      sub: 'ext-1',
      email: 'external.coach@example.com',
      emailVerified: true,
      name: 'External Coach',
    });
    const page = await newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/class-session');
    expect(page.url()).not.toContain('token=');
    await page.getByRole('banner').getByText('Welcome, external.coach@example.com').waitFor();

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
