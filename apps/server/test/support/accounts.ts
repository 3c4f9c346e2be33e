import type { TokenResponse } from '@openmat/contract/auth';
import type { App } from '../../src/app.js';

export const PASSWORD = 'mat-time-42';

/** A clock the test can move forward. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'fighter') => `${prefix}-${process.pid}-${++counter}@example.com`;

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    fighterRole: 'Student',
    fighterName: 'Jan Kowalski',
    height: 180,
    weight: 80,
    bmi: 0,
    gender: 'Male',
    birthdate: '1995-03-14',
    maxWorkoutDuration: 5,
    experience: 1,
    beltColor: 'Blue',
    ...overrides,
  };
}

export interface SignedIn {
  email: string;
  fighterId: number;
  tokens: TokenResponse;
  auth: { authorization: string };
}

/** Registers a fighter through the API and signs in as them. */
export async function signUp(app: App, overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const payload = registration(overrides);
  // Each from an address of its own, as people register from their own devices (registrations are
  // limited per address).
  const remoteAddress = `10.250.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
  const created = await app.inject({ method: 'POST', url: '/api/fighter/register', payload, remoteAddress });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.statusCode} ${created.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/fighter/login',
    remoteAddress,
    payload: { email: payload.email, password: payload.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = login.json<TokenResponse>();
  return {
    email: payload.email,
    fighterId: created.json<{ id: number }>().id,
    tokens,
    auth: { authorization: `Bearer ${tokens.accessToken}` },
  };
}
