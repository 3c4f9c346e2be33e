import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPageProblem, launchBrowser, openContext, PHONE, screenshot } from '../support/browser.js';

const HEADLINE = 'Your AI-driven Brazilian JiuJitsu Training Assistant';

const htmlState = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    classes: [...document.documentElement.classList],
    lang: document.documentElement.lang,
  }));

/**
 * Light or dark with the header's toggle, which switches what is on screen on every click (it names
 * the theme it switches to in `data-next-theme`); system with the footer's theme select.
 */
async function chooseTheme(page: Page, name: 'Light' | 'Dark' | 'System') {
  if (name === 'System') {
    await page.getByTestId('theme-select').selectOption('system');
    return;
  }
  const toggle = page.getByTestId('theme-toggle');
  const wanted = name.toLowerCase();
  if ((await toggle.getAttribute('data-next-theme')) === wanted) await toggle.click();
  expect(await toggle.getAttribute('data-next-theme')).not.toBe(wanted);
}

/** The header labels the languages EN, PL and Auto. */
async function chooseLanguage(page: Page, label: 'EN' | 'PL' | 'Auto') {
  await page.getByTestId('language-select').selectOption({ label });
}

const headerLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name });

describe('the app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the landing page with its headline, beta link and footer links, and loads under 150 KB of gzipped JS', async () => {
    const { context, page } = await openContext(browser);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    const beta = page.getByRole('link', { name: 'Get Started as Instructor (Free Beta)' });
    expect(await beta.getAttribute('href')).toBe('/register?role=Instructor');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    // The header: logo to /, the hidden pricing link, and the visitor links.
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'OpenMat home' }).getAttribute('href')).toBe('/');
    expect(await header.locator('a[href="/pricing"]').isHidden()).toBe(true);
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/home');
    expect(await header.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    console.info(`[e2e] landing desktop: ${await screenshot(page, 'landing-desktop-light')}`);

    const gzipped = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.info(`[e2e] landing page JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`);
    expect(gzipped).toBeLessThan(150 * 1024);
    await context.close();
  });

  it.each(['en-US', 'pl-PL'])('fits a phone screen without sideways scrolling (%s)', async (locale) => {
    const { context, page } = await openContext(browser, {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale,
    });
    for (const path of ['/', '/pricing', '/about', '/contact', '/privacy', '/home', '/register']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-${locale}${path === '/' ? '-landing' : path.replaceAll('/', '-')}`);
    }
    await context.close();
  });

  it('switches between dark, light and system themes, follows the OS in system mode, and remembers the choice', async () => {
    const { context, page } = await openContext(browser, { colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect((await htmlState(page)).dark).toBe(false);

    // From system mode with a light OS, one click of the toggle makes the page dark.
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await chooseTheme(page, 'Dark');
    expect((await htmlState(page)).dark).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect((await htmlState(page)).dark).toBe(true);
    await screenshot(page, 'landing-desktop-dark');

    await chooseTheme(page, 'Light');
    expect((await htmlState(page)).dark).toBe(false);

    await chooseTheme(page, 'System');
    expect((await htmlState(page)).dark).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await context.close();
  });

  it('switches to Polish and back, setting the language class, and remembers the choice', async () => {
    const { context, page } = await openContext(browser, { locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect(await htmlState(page)).toMatchObject({ lang: 'en' });
    expect((await htmlState(page)).classes).toContain('en');

    await chooseLanguage(page, 'PL');
    await headerLink(page, 'Zaloguj się').waitFor();
    const polish = await htmlState(page);
    expect(polish.lang).toBe('pl');
    expect(polish.classes).toContain('pl');
    expect(polish.classes).not.toContain('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe(HEADLINE);

    await page.reload();
    await headerLink(page, 'Zaloguj się').waitFor();
    await screenshot(page, 'landing-desktop-polish');

    await chooseLanguage(page, 'EN');
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect(await htmlState(page)).toMatchObject({ lang: 'en' });
    await context.close();
  });

  it('follows the browser language in system mode: Polish for pl-*, English otherwise', async () => {
    for (const [locale, expected] of [
      ['pl-PL', 'pl'],
      ['en-GB', 'en'],
      ['de-DE', 'en'],
    ] as const) {
      const { context, page } = await openContext(browser, { locale });
      await page.goto('/');
      await headerLink(page, expected === 'pl' ? 'Zaloguj się' : 'Login').waitFor();
      const state = await htmlState(page);
      expect(state.lang).toBe(expected);
      expect(state.classes).toContain(expected);
      await context.close();
    }
  });

  it('loads a deep link on a hard refresh, and sends a visitor from a signed-in page to the login', async () => {
    const { context, page } = await openContext(browser);
    const response = await page.goto('/register?role=Student');
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.title === 'Register · OpenMat');
    await page.reload();
    await page.waitForFunction(() => document.title === 'Register · OpenMat');
    await page.goto('/pricing');
    await page.waitForFunction(() => document.title === 'Pricing · OpenMat');
    // A visitor on a signed-in page: the sign-in step (the external sign-in cookie) is refused with a
    // 401, which Chromium logs, and the app sends them to the login.
    expectPageProblem(
      /^console\.error: Failed to load resource: the server responded with a status of 401 .*\(http:\/\/[^/]+\/api\/auth\/v1\/login\)$/,
    );
    await page.goto('/session-details/42');
    // The login remembers the page asked for, to return there after signing in.
    await page.waitForURL('**/home?returnTo=%2Fsession-details%2F42');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('opens a page typed in at its top, and gives each page its own scroll back', async () => {
    const { context, page } = await openContext(browser, { viewport: PHONE });
    const scrolledTo = () => page.evaluate(() => Math.round(window.scrollY));
    await page.goto('/about');
    await page.waitForFunction(() => document.title === 'About · OpenMat');
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(scrolledTo).toBe(500);
    // Another address typed in the same tab: the page starts at its top (it opened at the last one's 500).
    await page.goto('/privacy');
    await page.waitForFunction(() => document.title === 'Privacy · OpenMat');
    await expect.poll(scrolledTo).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(scrolledTo).toBe(300);
    // Back: the page is where it was left, not where the other one was.
    await page.goBack();
    await page.waitForFunction(() => document.title === 'About · OpenMat');
    await expect.poll(scrolledTo).toBe(500);
    await context.close();
  });

  it("shows 'Page not found' inside the layout for an unknown address", async () => {
    const { context, page } = await openContext(browser);
    for (const path of ['/no-such-page', '/pricing/extra']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await headerLink(page, 'Login').waitFor();
    }
    await screenshot(page, 'not-found-page');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await context.close();
  });

  it('serves the API documentation page', async () => {
    const { context, page } = await openContext(browser);
    await page.goto('/api/docs');
    await page.getByText('OpenMat API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
    await screenshot(page, 'api-docs');
    await context.close();
  });
});
