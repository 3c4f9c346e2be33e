import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerViaApi } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

/**
 * The class half's screens in every combination a person meets them: English and Polish, light and dark,
 * desktop and a 390 x 844 phone. Each is saved to e2e/screenshots/ to be looked at, and none may scroll
 * sideways on the phone.
 */
const LANGUAGES = ['en', 'pl'] as const;
const THEMES = ['light', 'dark'] as const;
const DEVICES = { desktop: { width: 1280, height: 800 }, phone: PHONE } as const;

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the class screens in both languages, both themes, on a desktop and a phone', () => {
  let browser: Browser;
  let sessionId = 0;
  const coach = `screens-${Date.now()}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerViaApi(coach, 'Instructor', 'Coach Zofia');
    const login = await fetch(`${baseUrl()}/api/fighter/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: coach, password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const day = new Date(Date.now() + 3 * 24 * 3_600_000);
    day.setUTCHours(17, 30, 0, 0);
    const created = await fetch(`${baseUrl()}/api/trainingsession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        trainingDate: day.toISOString(),
        capacity: 12,
        duration: 1.5,
        targetLevel: 'Intermediate',
        description: 'Half guard: sweeps and the back take',
      }),
    });
    sessionId = ((await created.json()) as { id: number }).id;
  });
  afterAll(() => browser.close());

  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const [device, viewport] of Object.entries(DEVICES)) {
        it(`${language}, ${theme}, ${device}`, async () => {
          const { context, page } = await openContext(browser, { viewport });
          await context.addInitScript(
            ([lng, thm]) => {
              localStorage.setItem(
                'openmat-preferences',
                JSON.stringify({ state: { theme: thm, language: lng }, version: 0 }),
              );
            },
            [language, theme],
          );
          await page.goto('/home');
          await page.locator('#email, input[type=email]').first().fill(coach);
          await page.locator('input[type=password]').first().fill(PASSWORD);
          await page.locator('main form button[type=submit]').first().click();
          await page.waitForURL('**/class-session');
          await page.getByText('Half guard: sweeps and the back take').locator('visible=true').first().waitFor();
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
          const name = (screen: string) => `screens-${screen}-${language}-${theme}-${device}`;
          await screenshot(page, name('session-list'));
          if (device === 'phone') expect(await sideways(page)).toBeLessThanOrEqual(0);

          await page.goto(`/session-details/${String(sessionId)}`);
          await page.getByText('Coach Zofia').first().waitFor();
          await screenshot(page, name('session-details'));
          if (device === 'phone') expect(await sideways(page)).toBeLessThanOrEqual(0);

          // The attendance modal opens after its confirmation question.
          await page
            .locator('button', { hasText: language === 'en' ? 'Take Attendance' : 'Sprawdź obecność' })
            .first()
            .click();
          const question = page.getByRole('alertdialog');
          await question.waitFor();
          await question.getByRole('button').last().click();
          await page.getByRole('dialog').waitFor();
          await page.getByRole('dialog').getByRole('textbox').first().waitFor();
          await screenshot(page, name('attendance'));
          await page.keyboard.press('Escape');

          await page.goto('/no-such-page');
          await page
            .getByRole('heading', { name: language === 'en' ? 'Page not found' : 'Nie znaleziono strony' })
            .waitFor();
          await screenshot(page, name('not-found'));
          if (device === 'phone') expect(await sideways(page)).toBeLessThanOrEqual(0);
          await context.close();
        });
      }
    }
  }
});
