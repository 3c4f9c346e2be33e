import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Page problems (console errors and uncaught exceptions) of every page of the running journey, and
 * the ones the journey said it expects. A journey fails at its end when a problem was not expected.
 */
const problems: Array<{ test: string; text: string }> = [];
let expected: RegExp[] = [];
let allowed: RegExp[] = [];

/**
 * Declares a page problem the running journey causes on purpose, such as the 401 that a wrong
 * password answers. Problems matching `pattern` are forgiven for this journey only, and at least one
 * must occur: an expected error that never shows up fails the journey too.
 */
export function expectPageProblem(pattern: RegExp): void {
  expected.push(pattern);
}

/**
 * Forgives page problems matching `pattern` for the running journey, without requiring one: for a
 * problem that a race decides (a 401 that a hub's own token refresh may have made unnecessary).
 */
export function allowPageProblem(pattern: RegExp): void {
  allowed.push(pattern);
}

const currentTest = () => expect.getState().currentTestName ?? '(between journeys)';

function watchPage(page: Page): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push({ test: currentTest(), text: `console.error: ${message.text()}${where ? ` (${where})` : ''}` });
  });
  page.on('pageerror', (error) => {
    problems.push({ test: currentTest(), text: `page error: ${error.stack ?? error.message} (${page.url()})` });
  });
}

/** Records the problems of every page the context opens: the first one, popups and new tabs. */
function watchContext(context: BrowserContext): void {
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
}

function unexpectedProblems(): string[] {
  const seen = problems.splice(0);
  const declared = expected;
  const forgiven = [...declared, ...allowed];
  expected = [];
  allowed = [];
  const unmet = declared.filter((pattern) => !seen.some(({ text }) => pattern.test(text)));
  return [
    ...seen
      .filter(({ text }) => !forgiven.some((pattern) => pattern.test(text)))
      .map(({ test, text }) => `${text}${test === currentTest() ? '' : ` [during: ${test}]`}`),
    ...unmet.map((pattern) => `an expected page problem did not occur: ${String(pattern)}`),
  ];
}

// Every journey that uses this module fails at its end on a page problem it did not declare.
afterEach(() => {
  const unexpected = unexpectedProblems();
  if (unexpected.length > 0) {
    throw new Error(`The journey's pages reported ${unexpected.length} problem(s):\n- ${unexpected.join('\n- ')}`);
  }
});
afterAll(() => {
  const late = unexpectedProblems();
  if (late.length > 0) throw new Error(`Pages reported problems after the last journey:\n- ${late.join('\n- ')}`);
});

/**
 * Launches Chromium. Every context it opens, however it is opened (`openContext`, `browser.newContext`,
 * `browser.newPage`), has its pages' console errors and uncaught exceptions recorded for the journey.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
  return browser;
}

export const baseUrl = () => inject('baseUrl');

const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A fresh browser profile on the app (the e2e server unless `options.baseURL` names another) and its
 * first page. Its pages' console errors and uncaught exceptions fail the journey (see `launchBrowser`).
 */
export async function openContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under e2e/screenshots/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(inject('screenshotDir'), `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
