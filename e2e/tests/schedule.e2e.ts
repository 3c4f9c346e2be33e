import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerViaApi, signInThroughForm, signInViaApi } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

/** Where this screenshots are also copied, to be looked at (never committed). */
const SHOTS = process.env.SCHEDULE_SHOTS_DIR ?? '/tmp/shots-schedule';

/** A full-page screenshot, or only the screen (`fullPage: false`) for the mat view, which covers it. */
async function shot(page: Page, name: string, fullPage = true) {
  await mkdir(SHOTS, { recursive: true });
  const file = fullPage ? await screenshot(page, name) : path.join(SHOTS, `${name}.png`);
  if (fullPage) await copyFile(file, path.join(SHOTS, `${name}.png`));
  else await page.screenshot({ path: file });
}

/** Both themes of what is on screen: the app follows the system's colour scheme by default. */
async function shotBothThemes(page: Page, name: string, fullPage = true) {
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, `${name}-light`, fullPage);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`, fullPage);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The ISO weekday (1 Monday … 7 Sunday) of tomorrow, in this machine's zone (the server's too). */
function tomorrow(): { weekday: number; date: Date } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { weekday: ((date.getDay() + 6) % 7) + 1, date };
}
const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Records every bell cue (the app's `openmat:bell` window events) in session storage, across reloads. */
async function recordBellCues(context: BrowserContext) {
  await context.addInitScript(() => {
    window.addEventListener('openmat:bell', (event) => {
      const cues = JSON.parse(sessionStorage.getItem('e2e-bell-cues') ?? '[]') as string[];
      cues.push(String((event as CustomEvent).detail));
      sessionStorage.setItem('e2e-bell-cues', JSON.stringify(cues));
    });
  });
}
const bellCues = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-bell-cues') ?? '[]') as string[]);

/**
 * How tall the mat view's digits are against the screen: the ink of "0" to "9" in the digits' own
 * font and size (canvas metrics), times any vertical scale, over the window's height. Also whether the
 * digits stay inside the screen's width.
 */
function measureDigits(page: Page) {
  return page.evaluate(() => {
    const digits = document.querySelector('[data-testid="round-timer-digits"]');
    const first = digits?.querySelector('span');
    if (!digits || !first) throw new Error('no mat view digits');
    const style = getComputedStyle(digits);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const metrics = context.measureText('0123456789');
    const ink = metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent;
    const box = digits.getBoundingClientRect();
    return {
      share: ink / window.innerHeight,
      fontSize: style.fontSize,
      left: box.left,
      right: box.right,
      width: window.innerWidth,
    };
  });
}

describe('the weekly schedule, the round timer and check-in (issue 22)', () => {
  let browser: Browser;
  const stamp = Date.now();
  const coach = `schedule-coach-${stamp}@example.com`;
  const student = `schedule-student-${stamp}@example.com`;
  const className = `Gi Fundamentals ${stamp % 10_000}`;
  const day = tomorrow();

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerViaApi(coach, 'Instructor', 'Coach Iwona');
    await registerViaApi(student, 'Student', 'Stella Mobile');
  });
  afterAll(() => browser.close());

  it('an instructor creates a recurring class, sees four weeks of sessions, and runs 3 x 0:05 / 0:03 rounds through a reload', async () => {
    const { context, page } = await openContext(browser);
    await recordBellCues(context);
    await signInThroughForm(page, coach);

    await page.getByRole('link', { name: 'New recurring class' }).click();
    await page.getByRole('heading', { name: 'New recurring class' }).waitFor();
    await page.getByLabel('Class name').fill(className);
    await page.getByRole('checkbox', { name: WEEKDAY_LABELS[day.weekday - 1] }).check();
    await page.getByLabel(/^Start time/).fill('18:00');
    await page.getByLabel('Duration (minutes)').fill('60');
    await page.getByLabel('Level').selectOption({ label: 'Beginner' });
    await page.getByLabel('Capacity').fill('24');
    await page.getByLabel('Description').fill('Escapes and guard retention');
    await shot(page, 'schedule-form-desktop-light');
    await page.getByRole('button', { name: 'Create class' }).click();
    await page.waitForURL('**/class-session');
    await page.getByText(`${className} is on the schedule`).waitFor();

    // The background job creates the next four weeks: one session a week on tomorrow's weekday.
    const auth = await signInViaApi(coach);
    const from = new Date();
    const to = new Date(from.getTime() + 35 * 86_400_000);
    let ours: { id: number; trainingDate: string }[] = [];
    for (let tries = 0; tries < 100 && ours.length < 4; tries++) {
      const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), limit: '100' });
      const res = await fetch(`${baseUrl()}/api/trainingsession?${query.toString()}`, { headers: auth });
      const sessions = z
        .array(z.object({ id: z.number(), trainingDate: z.string(), description: z.string() }))
        .parse(await res.json());
      ours = sessions.filter((session) => session.description.startsWith(className));
      if (ours.length < 4) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ours).toHaveLength(4);
    const local = ours.map((session) => new Date(session.trainingDate));
    expect(local.map((date) => `${date.getHours()}:${date.getMinutes()}`)).toEqual(['18:0', '18:0', '18:0', '18:0']);
    expect(local.map((date) => Math.round((date.getTime() - local[0]!.getTime()) / (7 * 86_400_000)))).toEqual([
      0, 1, 2, 3,
    ]);
    // The list shows them (soonest first, ten a page: the four are on the first page), and this week's
    // timetable has tomorrow's (when tomorrow is in this week).
    await page.reload();
    const rows = page.getByRole('row').filter({ hasText: className });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    const timetable = page.getByTestId('week-timetable');
    if (day.weekday !== 1)
      await timetable
        .getByRole('link', { name: new RegExp(className) })
        .first()
        .waitFor();
    await timetable.scrollIntoViewIfNeeded();
    await shotBothThemes(page, 'timetable-desktop');

    // The first session's lesson plan, and its round timer.
    await page.goto(`/session-details/${ours[0]!.id}`);
    await page.getByRole('button', { name: "Generate Today's Lessons" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const timer = page.getByRole('group', { name: /^Round timer:/ });
    await timer.waitFor();
    await timer.getByLabel('Rounds').fill('3');
    await timer.getByLabel('Work minutes').fill('0');
    await timer.getByLabel('Work seconds').fill('5');
    await timer.getByLabel('Rest minutes').fill('0');
    await timer.getByLabel('Rest seconds').fill('3');
    await timer.getByRole('button', { name: 'Start rounds' }).click();
    await timer.getByRole('button', { name: 'Mat view' }).click();
    const mat = page.getByTestId('round-timer-mat-view');
    await mat.waitFor();
    const desktop = await measureDigits(page);
    expect(desktop.share, JSON.stringify(desktop)).toBeGreaterThanOrEqual(1 / 3);
    expect(desktop.left).toBeGreaterThanOrEqual(0);
    expect(desktop.right).toBeLessThanOrEqual(desktop.width);
    await shot(page, 'mat-view-desktop-light', false);

    // Half way (round 2), a reload: the run goes on where it was.
    await mat.getByTestId('round-timer-round').filter({ hasText: 'Round 2 / 3' }).waitFor({ timeout: 15_000 });
    expect(await bellCues(page)).toEqual(['start', 'finish', 'start']);
    await page.reload();
    await timer.waitFor();
    expect(await timer.getAttribute('data-status')).toBe('running');
    await timer.getByText(/Round [23] \/ 3/).waitFor();
    await page.locator('[data-status="finished"]').first().waitFor({ timeout: 20_000 });
    // The bell: each round's start and end (the first start is the Start button's own).
    expect(await bellCues(page)).toEqual(['start', 'finish', 'start', 'finish', 'start', 'finish']);

    // The mat view on a portrait phone and on the desktop, in both themes.
    await timer.getByRole('button', { name: 'Mat view' }).click();
    await mat.waitFor();
    await shotBothThemes(page, 'mat-view-finished-desktop', false);
    await page.setViewportSize(PHONE);
    const phone = await measureDigits(page);
    expect(phone.share, JSON.stringify(phone)).toBeGreaterThanOrEqual(1 / 3);
    expect(phone.left).toBeGreaterThanOrEqual(0);
    expect(phone.right).toBeLessThanOrEqual(phone.width);
    await shotBothThemes(page, 'mat-view-phone', false);
    // On the upright phone the buttons take the tap, not the tall digits drawn above them.
    await mat.getByRole('button', { name: 'Reset' }).click({ timeout: 10_000 });
    await mat.waitFor({ state: 'detached' });
    await timer.getByRole('button', { name: 'Start rounds' }).waitFor();
    console.info(
      `[e2e] mat view digits: ${(desktop.share * 100).toFixed(1)} % of the height on 1280x800, ` +
        `${(phone.share * 100).toFixed(1)} % on 390x844`,
    );
    await context.close();
  }, 120_000); // 24 s of rounds on the clock, plus the pages: about 38 s on a busy machine

  it('a student on a phone sees the week, checks in to the class and cancels', async () => {
    const { context, page } = await openContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, student);
    const timetable = page.getByTestId('week-timetable');
    await timetable.scrollIntoViewIfNeeded();
    await shotBothThemes(page, 'timetable-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The landing page shows a signed-in member this week's timetable too.
    await page.goto('/');
    await page.getByTestId('week-timetable').waitFor();
    await shot(page, 'landing-timetable-phone-light');

    const auth = await signInViaApi(student);
    const res = await fetch(
      `${baseUrl()}/api/trainingsession?${new URLSearchParams({ from: new Date().toISOString(), limit: '100' }).toString()}`,
      { headers: auth },
    );
    const first = z
      .array(z.object({ id: z.number(), description: z.string() }))
      .parse(await res.json())
      .find((session) => session.description.startsWith(className));
    expect(first).toBeDefined();
    await page.goto(`/session-details/${first!.id}`);
    await page.getByRole('button', { name: 'Check-In', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const checkedIn = page.getByRole('alertdialog', { name: 'You have successfully checked in!' });
    // From the keyboard: once the message is read, the focus is on what the student can do next.
    await checkedIn.getByRole('button', { name: 'OK' }).press('Enter');
    await page.getByText('You are on the roster for this session.').waitFor();
    await page.getByRole('button', { name: 'Cancel check-in' }).and(page.locator(':focus')).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Cancel check-in' }).click();
    const question = page.getByRole('alertdialog').filter({ hasText: 'Cancel your check-in?' });
    await question.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your check-in is cancelled.' }).waitFor();
    await page.getByRole('button', { name: 'Check-In', exact: true }).and(page.locator(':enabled')).waitFor();
    expect(await page.getByText('You are on the roster for this session.').count()).toBe(0);
    await context.close();
  });
});
