import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** The password of every account the journeys make. */
export const PASSWORD = 'mat-time-42';

/**
 * Registers a fighter through the API, for journeys that are not about the registration form: on the
 * e2e server unless `serverUrl` names another.
 */
export async function registerViaApi(
  email: string,
  fighterRole: 'Student' | 'Instructor',
  fighterName: string,
  serverUrl: string = baseUrl(),
): Promise<void> {
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
  expect(res.status, await res.text()).toBe(201);
}
