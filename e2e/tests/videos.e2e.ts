import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, signInThroughForm, signInViaApi } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

const run = promisify(execFile);

/**
 * A roll as an old camera films it: MPEG-4 part 2 with MP3 in AVI, which no browser plays, so the server
 * converts it. Noise keeps it from compressing, so that it is big enough (about 24 MB) to watch go up.
 */
async function makeAviRoll(dir: string): Promise<string> {
  const file = path.join(dir, 'friday-roll.avi');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=480x360:rate=25:duration=8,noise=alls=60:allf=t'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
    ...['-c:v', 'mpeg4', '-q:v', '2', '-c:a', 'mp3', '-shortest', file],
  ]);
  return file;
}

async function api(pathname: string, auth: { authorization: string }, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${pathname}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text);
}

const percentOf = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'));

describe('sparring videos in Chromium', () => {
  let browser: Browser;
  let clipDir: string;
  let roll: string;
  const stamp = Date.now();
  const coach = `video-coach-${stamp}@example.com`;
  const student = `video-student-${stamp}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    clipDir = await mkdtemp(path.join(tmpdir(), 'openmat-e2e-clips-'));
    roll = await makeAviRoll(clipDir);
    expect((await stat(roll)).size).toBeGreaterThan(10 * 1024 * 1024);
    await registerViaApi(coach, 'Instructor', 'Coach Vera');
    const studentFighterId = await registerViaApi(student, 'Student', 'Sam Student');
    // The student trains in the coach's class, under way since half an hour, so each may share a video
    // with the other (a class that has not started does not count).
    const session = await api('/api/trainingsession', await signInViaApi(coach), {
      trainingDate: new Date(Date.now() - 30 * 60_000).toISOString(),
      capacity: 8,
      duration: 1.5,
      targetLevel: 'Beginner',
      description: 'Friday open mat',
    });
    const sessionId = (session as { id: number }).id;
    await api(`/api/trainingsession/${sessionId}/checkin`, await signInViaApi(student), {
      studentIds: [studentFighterId],
      sessionId,
    });
  });
  afterAll(async () => {
    await browser.close();
    await rm(clipDir, { recursive: true, force: true });
  });

  it('lets a student upload an AVI from the phone through a dropped connection, and the instructor gets it live and plays it', async () => {
    const coachSide = await openContext(browser);
    await signInThroughForm(coachSide.page, coach);

    const studentSide = await openContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { page, context } = studentSide;
    await signInThroughForm(page, student);
    await page.goto('/video-analysis');
    await page.getByRole('heading', { name: 'Upload a sparring video' }).waitFor();

    // Gym Wi-Fi: about 3 MB/s up, so the 24 MB roll takes a while.
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 3 * 1024 * 1024,
    });
    const patches: string[] = [];
    const creations: string[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/vid/api/video/uploads')) return;
      if (request.method() === 'PATCH') patches.push(request.headers()['upload-offset'] ?? '');
      if (request.method() === 'POST') creations.push(request.url());
    });

    await page.getByLabel('Video file (MP4 or AVI)').setInputFiles(roll);
    await page.getByLabel('Student identifier').fill('sam-01');
    await page.getByLabel('Description (optional)').fill('Friday roll, guard retention');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    // Real progress, with speed and time left, at phone width.
    await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
    await page.getByText('Time left').waitFor();
    await screenshot(page, 'videos-upload-progress-phone');
    const before = await percentOf(page);
    expect(before).toBeLessThan(100);

    // The connection drops mid-upload: the upload waits where it stopped, and nothing is lost.
    await context.setOffline(true);
    await page.getByText(/The connection was lost\./).waitFor();
    await screenshot(page, 'videos-upload-interrupted-phone');
    expect(await page.getByTestId('toast').count()).toBe(0);

    await context.setOffline(false);
    // Done: the form says so (the toast is soon the analysis's, which every upload starts).
    await page
      .getByText('Your video is in the list below. Its preview appears as soon as it has been processed.')
      .waitFor({ timeout: 30_000 });
    // It went on from where the server stood, never from the start.
    expect(creations).toHaveLength(1);
    expect(patches.length).toBeGreaterThanOrEqual(2);
    expect(Number(patches.at(-1))).toBeGreaterThan(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    // The new upload is listed (as a card on the phone) and shared with the coach.
    const card = page.getByRole('listitem').filter({ hasText: 'Friday roll, guard retention' });
    await card.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this video' });
    await dialog.getByLabel('Coach Vera').check();
    await dialog.getByRole('button', { name: 'Share' }).click();
    // The outcome is a toast, and the dialog closes.
    await page.getByTestId('toast').filter({ hasText: 'Shared with 1 fighter.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The coach, on another page of the app, is told at once.
    // (The analysis that the upload started may finish and replace it a moment later.)
    const banner = coachSide.page.getByTestId('notification-banner').filter({ hasText: 'Shared by: Sam Student' });
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain('Friday roll, guard retention');
    // Its link leads straight to the shared video's review.
    expect(await banner.getByRole('link', { name: 'Watch' }).getAttribute('href')).toMatch(/^\/video-review\/\d+$/);
    await screenshot(coachSide.page, 'videos-share-banner');

    // /videos plays the AVI, as the H.264 copy the server made of it.
    await coachSide.page.goto('/videos');
    const player = coachSide.page.locator('article video');
    await player.waitFor({ timeout: 30_000 });
    const played = await player.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      // Playing moves the time on; on a busy machine the first frames can take a few seconds to decode.
      const asked = performance.now();
      while (video.currentTime === 0 && !video.error && performance.now() - asked < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { time: video.currentTime, width: video.videoWidth, error: video.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.width).toBe(480);
    expect(played.time).toBeGreaterThan(0);
    await screenshot(coachSide.page, 'videos-shared-player');

    await coachSide.context.close();
    await context.close();
  }, 120_000); // an upload through a dropped connection and a live share: about 20 s idle, 40 s on a busy machine
});
