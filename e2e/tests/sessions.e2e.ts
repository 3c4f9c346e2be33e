import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, signInThroughForm } from '../support/accounts.js';
import { launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email);
  await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();
}

/** A `datetime-local` value seven days from now, at the given local time. */
function aWeekAheadAt(time: string): string {
  const day = new Date(Date.now() + 7 * 24 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T${time}`;
}

async function confirm(page: Page, title: string) {
  // This question only: the app's alert dialog (role alertdialog too) may follow it.
  const dialog = page.getByRole('alertdialog').filter({ hasText: title });
  await dialog.getByText(title).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function openAttendance(page: Page) {
  await page.getByRole('button', { name: 'Take Attendance' }).click();
  await confirm(page, 'Take attendance now?');
  await page.getByRole('dialog').getByRole('button', { name: 'Finalize Attendance' }).waitFor();
  return page.getByRole('dialog');
}

describe('class sessions in Chromium', () => {
  let browser: Browser;
  const coach = `coach-${Date.now()}@example.com`;
  const student = `student-${Date.now()}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerViaApi(coach, 'Instructor', 'Coach Marta');
    await registerViaApi(student, 'Student', 'Stella Student');
  });
  afterAll(() => browser.close());

  it('lets an instructor create a session, take walk-in attendance with a draft that survives a reload, and edit it', async () => {
    const { context, page } = await openContext(browser);
    await signIn(page, coach);

    await page.getByRole('link', { name: 'Create New Session' }).click();
    await page.getByRole('heading', { name: 'Create New Session' }).waitFor();
    expect(await page.getByLabel('Instructor name').inputValue()).toBe('Coach Marta');
    // A week ahead: the list shows sessions from yesterday on (ADR 0014).
    await page.getByLabel('Training date and time').fill(aWeekAheadAt('18:30'));
    await page.getByLabel('Capacity (people)').fill('6');
    await page.getByLabel('Duration (minutes)').fill('90');
    await page.getByLabel('Target level').selectOption({ label: 'Beginner' });
    await page.getByLabel('Description notes').fill('Closed guard: the armbar chain');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await confirm(page, 'Are you sure you want to create a session?');
    await page.waitForURL('**/class-session');
    const row = page.getByRole('row').filter({ hasText: 'Closed guard: the armbar chain' });
    await row.waitFor();
    expect(await row.textContent()).toContain('1.5');
    await screenshot(page, 'sessions-list-instructor');

    await row.getByRole('link', { name: 'Manage' }).click();
    await page.getByRole('heading', { name: 'Session details' }).waitFor();
    await page.getByText('90 minutes').waitFor();

    let modal = await openAttendance(page);
    await modal.getByLabel('Name, row 1').fill('Draft Person');
    await modal.getByLabel('Birthdate, row 1').fill('2000-01-15');
    await modal.getByLabel('Weight (kg), row 1').fill('68');
    await modal.getByLabel('Height (cm), row 1').fill('172');
    await page.reload();
    await page.getByRole('heading', { name: 'Session details' }).waitFor();
    modal = await openAttendance(page);
    expect(await modal.getByLabel('Name, row 1').inputValue()).toBe('Draft Person');
    await modal.getByRole('button', { name: 'Create Fake Student Data for Testing' }).click();
    expect(await modal.getByLabel('Name, row 6').inputValue()).not.toBe('');
    await screenshot(page, 'attendance-modal');
    await modal.getByRole('button', { name: 'Finalize Attendance' }).click();
    await modal.waitFor({ state: 'detached' });
    const roster = page.getByRole('heading', { name: /Student roster/ }).locator('..');
    await roster.getByText('Draft Person').waitFor();
    expect(await roster.getByRole('listitem').count()).toBe(6);

    await page.getByRole('button', { name: 'PAIR UP' }).click();
    await confirm(page, 'Pair up the class?');
    // The fake students are 10 to 40 years old, and kids never pair with adults: how many pairs there
    // are depends on the draw, but there is at least one.
    await page.locator('[aria-labelledby="fighter-pairs-title"]').getByRole('listitem').first().waitFor();
    await screenshot(page, 'session-details-instructor');

    await page.goto('/class-session');
    await page.getByRole('row').filter({ hasText: 'Closed guard' }).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Update Session Details' }).waitFor();
    expect(await page.getByLabel('Duration (minutes)').inputValue()).toBe('90');
    await page.getByLabel('Capacity (people)').fill('8');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await confirm(page, 'Are you sure you want to update a session?');
    await page.waitForURL('**/class-session');
    await context.close();
  });

  it('lets a student check in from a phone, once', async () => {
    const { context, page } = await openContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, student);
    expect(await page.getByRole('button', { name: 'Create New Session' }).isDisabled()).toBe(true);
    await screenshot(page, 'sessions-list-student-phone');
    // On a phone the sessions are cards, not table rows: the page does not scroll sideways, and the
    // Check-In button is in view without swiping.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const checkInLink = page
      .getByRole('article')
      .filter({ hasText: 'Closed guard' })
      .getByRole('link', { name: 'Check-In' });
    const box = await checkInLink.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await checkInLink.click();
    await page.getByRole('heading', { name: 'Session details' }).waitFor();
    expect(await page.getByRole('button', { name: 'Take Attendance' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Check-In', exact: true }).click();
    await confirm(page, 'Check in to this session?');
    // The app's own alert, not the browser's: it fits the phone's width and closes with OK.
    const checkedIn = page.getByRole('alertdialog', { name: 'You have successfully checked in!' });
    await checkedIn.waitFor();
    const alertBox = await checkedIn.boundingBox();
    expect(alertBox && alertBox.x >= 0 && alertBox.x + alertBox.width <= PHONE.width).toBe(true);
    await screenshot(page, 'checked-in-alert-phone');
    await checkedIn.getByRole('button', { name: 'OK' }).click();
    await checkedIn.waitFor({ state: 'detached' });
    await page.getByText('You are on the roster for this session.').waitFor();
    expect(await page.getByRole('button', { name: 'Check-In', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'session-details-student-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('lets the instructor close and then delete the session', async () => {
    const { context, page } = await openContext(browser);
    await signIn(page, coach);
    const editLink = () =>
      page.getByRole('row').filter({ hasText: 'Closed guard' }).getByRole('link', { name: 'Edit' });
    await editLink().click();
    await page.getByRole('button', { name: 'Close Session' }).click();
    await confirm(page, 'Close this training session?');
    await page.waitForURL('**/class-session');
    await page.getByRole('row').filter({ hasText: 'Closed guard' }).getByText('Completed').waitFor();

    await editLink().click();
    await page.getByRole('button', { name: 'Delete Session' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Are you sure you want to delete this training session? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/class-session');
    await page.getByRole('heading', { name: 'Find your training session to check in' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Closed guard' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
