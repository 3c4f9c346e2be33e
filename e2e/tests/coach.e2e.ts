import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signInThroughForm } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, screenshot } from '../support/browser.js';
const CLASS = [
  ['Ala', 55],
  ['Bartek', 78],
  ['Celina', 60],
  ['Darek', 82],
  ['Ewa', 58],
  ['Franek', 90],
  ['Gosia', 62],
  ['Henryk', 88],
  ['Iza', 120],
] as const;

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('the coach in Chromium', () => {
  let browser: Browser;
  let sessionId = 0;
  const email = `head-coach-${Date.now()}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await api('/api/fighter/register', null, {
      email,
      password: PASSWORD,
      fighterRole: 'Instructor',
      fighterName: 'Head Coach',
      height: 180,
      weight: 85,
      gender: 'Male',
      birthdate: '1985-02-02',
      maxWorkoutDuration: 6,
      experience: 2,
      beltColor: 'Black',
    });
    const { accessToken } = await api<{ accessToken: string }>('/api/fighter/login', null, {
      email,
      password: PASSWORD,
    });
    const session = await api<{ id: number }>('/api/trainingsession', accessToken, {
      // A week ahead, whatever the date: the class must not have ended.
      trainingDate: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
      description: 'Back control and escapes',
      capacity: 12,
      duration: 1,
      targetLevel: 'Beginner',
    });
    sessionId = session.id;
    await api(`/api/trainingsession/${sessionId}/attendance`, accessToken, {
      records: CLASS.map(([fighterName, weight]) => ({
        fighterName,
        weight,
        height: 170,
        beltColor: 'White',
        gender: 'Male',
        birthdate: '1995-05-05',
      })),
    });
  });
  afterAll(() => browser.close());

  const signIn = (page: Page) => signInThroughForm(page, email);

  async function confirm(page: Page) {
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  }

  it('pairs a class of nine, generates a plan, runs a timer, and opens a technique search', async () => {
    const { context, page } = await openContext(browser);
    // The page's clock is Playwright's: it runs like the real one until the timer part stops it.
    await context.clock.install();
    await signIn(page);
    await page.goto(`/session-details/${sessionId}`);
    await page.getByRole('heading', { name: 'Session details' }).waitFor();

    await page.getByRole('button', { name: 'PAIR UP' }).click();
    await confirm(page);
    const pairs = page.locator('[aria-labelledby="fighter-pairs-title"]');
    await pairs.getByRole('listitem').nth(3).waitFor();
    expect(await pairs.getByRole('listitem').count()).toBe(4);
    await pairs.getByText(/Sitting out this round: Iza/).waitFor();

    await page.getByRole('button', { name: "Generate Today's Lessons" }).click();
    await confirm(page);
    await page.getByRole('navigation', { name: 'Lesson plan sections' }).waitFor();
    await screenshot(page, 'lesson-plan');

    // The timer counts whole seconds of the page's clock, which from here moves only when the test
    // moves it: a second passes for the timer exactly when the test says so, however busy the machine.
    const timer = page.getByRole('group', { name: /^Timer:/ }).first();
    const showing = (seconds: number) =>
      timer.getByRole('timer').filter({
        hasText: new RegExp(
          `^${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}$`,
        ),
      });
    const [minutes, seconds] = ((await timer.getByRole('timer').textContent()) ?? '').split(':').map(Number);
    const full = (minutes ?? NaN) * 60 + (seconds ?? NaN);
    expect(full).toBeGreaterThan(10);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

    await timer.getByRole('button', { name: 'Start' }).click();
    await timer.getByRole('button', { name: 'Pause' }).waitFor();
    await page.clock.runFor(2000);
    await showing(full - 2).waitFor();

    // Paused, three seconds go by without counting; resumed, the next second counts again.
    await timer.getByRole('button', { name: 'Pause' }).click();
    await timer.getByRole('button', { name: 'Resume' }).waitFor();
    await page.clock.runFor(3000);
    expect(await timer.getAttribute('data-status')).toBe('paused');
    await timer.getByRole('button', { name: 'Resume' }).click();
    await timer.getByRole('button', { name: 'Pause' }).waitFor();
    await page.clock.runFor(1000);
    await showing(full - 3).waitFor();

    await timer.getByRole('button', { name: 'Reset' }).click();
    await showing(full).waitFor();
    expect(await timer.getByRole('button', { name: 'Start' }).isVisible()).toBe(true);
    await page.clock.resume();

    await page
      .getByRole('button', { name: /^Search Videos/ })
      .first()
      .click();
    const search = page.getByRole('dialog');
    await search.getByRole('heading', { name: 'Free resources' }).waitFor();
    // With no YouTube key the server says so, and nothing else claims the search found nothing.
    await search.getByText('YouTube search is not configured on this server.').waitFor();
    expect(await search.getByText('No videos found.').count()).toBe(0);
    await screenshot(page, 'technique-search');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Helpful', exact: true }).click();
    // The app's own alert, not the browser's: OK closes it.
    const recorded = page.getByRole('alertdialog', { name: 'Feedback recorded: Helpful' });
    await recorded.getByRole('button', { name: 'OK' }).click();
    await recorded.waitFor({ state: 'detached' });
    await context.close();
  });
});
