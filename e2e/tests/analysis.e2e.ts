import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, signInThroughForm, signInViaApi } from '../support/accounts.js';
import { baseUrl, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

const run = promisify(execFile);

describe('video analysis in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let clip: string;
  const email = `analysis-${Date.now()}@example.com`;
  let sessionId = 0;
  let technique = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(tmpdir(), 'openmat-e2e-analysis-'));
    clip = path.join(dir, 'open-mat.mp4');
    // Twelve seconds of a test pattern: real footage for the whole pipeline, with nobody in it.
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=12'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    await registerViaApi(email, 'Instructor', 'Coach Lena');
    // A class of hers with a lesson plan: the review below marks its first technique in the footage.
    const auth = await signInViaApi(email);
    const post = async (url: string, body?: unknown) => {
      const res = await fetch(`${baseUrl()}${url}`, {
        method: 'POST',
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const session = await post('/api/trainingsession', {
      trainingDate: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
      description: 'Guard day',
      capacity: 12,
      duration: 1,
      targetLevel: 'Beginner',
    });
    sessionId = Number(session.id);
    const plan = await post(`/vid/api/video/session/${sessionId}/generate`);
    const [first] = plan.techniques as Array<{ name: string }>;
    if (!first) throw new Error('the plan has no technique');
    technique = first.name;
  });
  afterAll(async () => {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads a clip, follows the analysis to its banner, and corrects it on the review page', async () => {
    const { context, page } = await openContext(browser);
    await signInThroughForm(page, email);
    await page.goto('/video-analysis');
    await page.getByLabel('Video file (MP4 or AVI)').setInputFiles(clip);
    await page.getByLabel('Student identifier').fill('blue gi');
    await page.getByLabel('Description (optional)').fill('Open mat, round 1');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Analysis Started' }).waitFor({ timeout: 30_000 });

    // The completion banner arrives live, and the list offers the results.
    const banner = page.getByTestId('notification-banner').filter({ hasText: 'AI Analysis Completed' });
    await banner.waitFor({ timeout: 90_000 });
    expect(await banner.textContent()).toMatch(/Video Numer \d+/);
    const results = page.getByRole('link', { name: 'View Analysis Results' }).first();
    await results.waitFor();
    await results.click();
    await page.getByRole('heading', { name: 'Review and edit this tape' }).waitFor();
    await page.getByRole('tab', { name: 'Identified Techniques' }).waitFor();
    await page.getByText('No techniques were identified.').waitFor();

    // Wait for the player to know the video's length, then drag a stretch on the timeline.
    const player = page.locator('[data-testid="review-player"] video');
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(11);
    const timeline = page.getByTestId('review-timeline');
    await timeline.scrollIntoViewIfNeeded();
    const box = await timeline.boundingBox();
    if (!box) throw new Error('the timeline is not on screen');
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('review-selection-text').waitFor();
    expect(await page.getByLabel('Start').inputValue()).toBe('00:00:03');
    expect(await page.getByLabel('End').inputValue()).toBe('00:00:06');

    // Frame steps with the keyboard move the playhead by 0.04 s.
    await page.getByTestId('review-player').focus();
    const before = await player.evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeCloseTo(before + 0.08, 2);

    await page.getByLabel('Technique name').fill(technique);
    await page.getByRole('button', { name: 'Add technique' }).click();
    const saved = page.getByRole('alertdialog').filter({ hasText: 'Changes saved successfully!' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();
    await screenshot(page, 'analysis-review-desktop');

    await page.reload();
    await page.getByText(technique, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Jump to ${technique} at 00:00:03` }).count()).toBe(2);

    // The review page in both languages and themes, on a desktop and on a phone.
    for (const [language, theme, title] of [
      ['en', 'dark', 'Review and edit this tape'],
      ['pl', 'light', 'Przejrzyj i popraw to nagranie'],
      ['pl', 'dark', 'Przejrzyj i popraw to nagranie'],
    ] as const) {
      await page.evaluate(
        ([lng, thm]) =>
          localStorage.setItem(
            'openmat-preferences',
            JSON.stringify({ state: { theme: thm, language: lng }, version: 0 }),
          ),
        [language, theme],
      );
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.reload();
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByText(technique, { exact: true }).first().waitFor();
        await screenshot(page, `analysis-review-${language}-${theme}-${device}`);
        if (device === 'phone') {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        }
      }
    }

    // The loop back: the class's technique search shows the marked moment and opens the review there.
    await page.evaluate(() =>
      localStorage.setItem(
        'openmat-preferences',
        JSON.stringify({ state: { theme: 'light', language: 'en' }, version: 0 }),
      ),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/session-details/${sessionId}`);
    await page.getByRole('button', { name: `Search Videos: ${technique}` }).click();
    const search = page.getByRole('dialog');
    await search.getByRole('heading', { name: "From your academy's footage (1)" }).waitFor();
    await search.getByText('Open mat, round 1').waitFor();
    await screenshot(page, 'technique-search-academy-clips');
    await search.getByRole('link', { name: 'Watch Open mat, round 1 from 00:00:03' }).click();
    await page.getByRole('heading', { name: 'Review and edit this tape' }).waitFor();
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeCloseTo(3, 1);
    await context.close();
    // An upload, an analysis of a 12 s clip, eight screenshots and a search: about 40 s here when the
    // machine is idle, twice that when it is busy; the banner alone may take the 90 s it is given above.
  }, 180_000);
});
