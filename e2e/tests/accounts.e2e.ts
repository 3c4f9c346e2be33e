import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerViaApi } from '../support/accounts.js';
import { baseUrl, expectPageProblem, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

/** The screenshots of this journey are also kept here for a person to look at (never committed). */
const SHOTS = '/tmp/shots-accounts';
let accounts = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++accounts}@example.com`;
const NEW_PASSWORD = 'fresh-mat-77';

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  await mkdir(SHOTS, { recursive: true });
  await copyFile(file, path.join(SHOTS, `${name}.png`));
}

const loginStatus = (email: string, password: string) =>
  fetch(`${baseUrl()}/api/fighter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status);

describe('accounts in Chromium (issue 21, part 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('returns to the page asked for after sign-in, changes the password, and deletes the account', async () => {
    const email = uniqueEmail('leaver');
    await registerViaApi(email, 'Student', 'Lena Leaver');
    const { page } = await openContext(browser, { locale: 'en-US' });

    // A deep link while signed out: sign in, and land on the page that was asked for. On the way, the
    // sign-in step tries the external sign-in cookie first, which this browser does not have (401).
    expectPageProblem(/status of 401 .*\/api\/auth\/v1\/login\)$/);
    await page.goto('/profile');
    await page.waitForURL('**/home?returnTo=%2Fprofile');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Change password' }).isVisible()).toBe(true);

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    await shot(page, 'accounts-profile-desktop');

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.getByLabel('Type your password to confirm').fill(NEW_PASSWORD);
    await shot(page, 'accounts-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/home');
    await page.getByText('Your account and your data were deleted.').waitFor();
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
  });

  it('shows the reset page: asking the instructor without SMTP, and choosing a new password with a link', async () => {
    const { context, page } = await openContext(browser, { viewport: PHONE });
    await context.addInitScript(() => {
      localStorage.setItem(
        'openmat-preferences',
        JSON.stringify({ state: { theme: 'dark', language: 'pl' }, version: 0 }),
      );
    });
    await page.goto('/home');
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByText(/Poproś instruktora o link do zmiany hasła/).waitFor();
    await shot(page, 'accounts-reset-request-pl-dark-phone');
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('button', { name: 'Ustaw nowe hasło' }).waitFor();
    await shot(page, 'accounts-reset-new-pl-dark-phone');
  });
});
