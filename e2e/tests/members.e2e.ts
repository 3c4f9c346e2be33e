import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, signInThroughForm, signInViaApi } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, screenshot } from '../support/browser.js';

async function api(method: string, path: string, auth: { authorization: string }, body?: object) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...auth },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${text}`).toBe(true);
  return JSON.parse(text) as { id: number };
}

/** A class `days` from now (negative: in the past), at 18:00 UTC. */
function classDay(days: number): string {
  const day = new Date(Date.now() + days * 24 * 3_600_000);
  day.setUTCHours(18, 0, 0, 0);
  return day.toISOString();
}

describe('members, belts and weigh-ins in Chromium', () => {
  let browser: Browser;
  const stamp = Date.now();
  const coach = `members-coach-${stamp}@example.com`;
  const student = `members-student-${stamp}@example.com`;
  let studentId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerViaApi(coach, 'Instructor', 'Coach Irena');
    studentId = await registerViaApi(student, 'Student', 'Roksana Members');
    const coachAuth = await signInViaApi(coach);
    const studentAuth = await signInViaApi(student);
    const session = (days: number, description: string) =>
      api('POST', '/api/trainingsession', coachAuth, {
        trainingDate: classDay(days),
        description,
        capacity: 10,
        duration: 1.5,
        targetLevel: 'Intermediate',
      });
    const coming = await session(5, 'Coming open mat');
    const past = await session(-20, 'Leg locks from the 50/50');
    // She checks in to the coming class; the coach adds her to the one three weeks ago she forgot.
    await api('POST', `/api/trainingsession/${coming.id}/checkin`, studentAuth, {
      studentIds: [studentId],
      sessionId: coming.id,
    });
    await api('POST', `/api/trainingsession/${past.id}/members`, coachAuth, { fighterId: studentId });
  });
  afterAll(() => browser.close());

  it('an instructor promotes a member, records a weigh-in, finds them not seen for 14 days, exports CSV and opens their history', async () => {
    const { context, page } = await openContext(browser);
    await signInThroughForm(page, coach);

    await page.goto(`/members/${studentId}`);
    await page.getByRole('heading', { level: 1, name: 'Roksana Members' }).waitFor();
    const promotion = page.getByRole('form', { name: 'Record a promotion' });
    await promotion.getByLabel('Belt').selectOption({ label: 'Purple belt' });
    await promotion.getByLabel('Stripes').selectOption('1');
    await promotion.getByLabel('Note (optional)').fill('Leg lock defence is there');
    await promotion.getByRole('button', { name: 'Record promotion' }).click();
    await page.getByText('Promotion recorded').waitFor();
    await page.getByRole('list', { name: 'Belt history' }).getByText('Leg lock defence is there').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).locator('..').textContent()).toContain(
      'Purple belt · 1 stripe',
    );

    const weighIn = page.getByRole('form', { name: 'Record a weigh-in' });
    await weighIn.getByLabel('Weight (kg)').fill('71.5');
    await weighIn.getByRole('button', { name: 'Record weigh-in' }).click();
    await page.getByText('Weigh-in recorded').waitFor();
    await page.getByRole('list', { name: 'Weigh-ins' }).getByText('71.5 kg').waitFor();

    await page.getByRole('link', { name: 'All members' }).click();
    await page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Not seen for 14 days' }).click();
    await page.waitForURL('**/members?notSeen=true');
    const row = page.getByRole('row').filter({ hasText: 'Roksana Members' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Purple belt · 1 stripe');
    await screenshot(page, 'members-not-seen');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('members.csv');
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).split('\r\n');
    expect(csv[0]).toBe('\uFEFFName,Belt,Classes (30 days),Classes in total,Last attended');
    expect(csv[1]).toMatch(/^Roksana Members,Purple \(I\),1,1,\d{4}-\d{2}-\d{2}$/);

    await row.getByRole('link', { name: 'Roksana Members' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roksana Members' }).waitFor();
    await page.getByRole('link', { name: /Leg locks from the 50\/50/ }).waitFor();
    await screenshot(page, 'member-history');
    await context.close();
  });

  it('a student sees their own belt and attendance on the profile page', async () => {
    const { context, page } = await openContext(browser);
    await signInThroughForm(page, student);
    await page.goto('/profile');
    const own = page.getByRole('region', { name: 'Your belt and attendance' });
    await own.getByRole('heading', { name: 'Roksana Members' }).waitFor();
    expect(await own.textContent()).toContain('Purple belt · 1 stripe');
    await own.getByRole('link', { name: /Leg locks from the 50\/50/ }).waitFor();
    await own.getByRole('list', { name: 'Belt history' }).getByText('Leg lock defence is there').waitFor();
    expect(await own.getByText('Promotion dossier').count()).toBe(0);
    expect(await own.getByRole('form', { name: 'Record a promotion' }).count()).toBe(0);
    await screenshot(page, 'profile-own-training');
    await context.close();
  });
});
