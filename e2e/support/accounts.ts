import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { z } from 'zod';
import { baseUrl } from './browser.js';

/** The password of every account the journeys make. */
export const PASSWORD = 'mat-time-42';

/**
 * Registers a fighter through the API, for journeys that are not about the registration form: on the
 * e2e server unless `serverUrl` names another. Answers the fighter's id.
 */
export async function registerViaApi(
  email: string,
  fighterRole: 'Student' | 'Instructor',
  fighterName: string,
  serverUrl: string = baseUrl(),
): Promise<number> {
  const res = await fetch(`${serverUrl}/api/fighter/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      fighterRole,
      fighterName,
      height: 175,
      weight: 74,
      gender: 'Female',
      birthdate: '1996-07-07',
      maxWorkoutDuration: 5,
      experience: 1,
      beltColor: 'Blue',
    }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return z.object({ id: z.number() }).parse(JSON.parse(text)).id;
}

/** Signs in through the API, for the setup of a journey; answers the bearer header. */
export async function signInViaApi(email: string): Promise<{ authorization: string }> {
  const res = await fetch(`${baseUrl()}/api/fighter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { authorization: `Bearer ${z.object({ accessToken: z.string() }).parse(JSON.parse(text)).accessToken}` };
}

/** Signs in through the login form, as a person does, and waits for the session list. */
export async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/home');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/class-session');
}
