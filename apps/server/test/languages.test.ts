import type { ProblemDetails } from '@openmat/contract/problem';
import type { LightMyRequestResponse } from 'fastify';
import type { TrainingSession } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../src/services/login-throttle.service.js';
import { registration, signUp, uniqueEmail, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const POLISH = { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' };
const ENGLISH = { 'accept-language': 'en-GB,en;q=0.9' };

/** The same request asked in Polish, in English and with no Accept-Language at all. */
const ASKED = [
  ['Polish', POLISH],
  ['English', ENGLISH],
  ['no language', {}],
] as const;

describe.each(databaseTargets)('server text in the caller’s language on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;
  let fullSession: TrainingSession;

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: manualClock(BEFORE_THE_CLASSES) });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ola' });
    student = await signUp(ctx.app, { fighterRole: 'Student', fighterName: 'Staś' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: coach.auth,
      payload: {
        trainingDate: '2026-12-01T18:30:00+01:00',
        description: 'Full house',
        capacity: 1,
        duration: 1,
        targetLevel: 'Beginner',
      },
    });
    fullSession = created.json<TrainingSession>();
    const first = await signUp(ctx.app);
    const taken = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${fullSession.id}/checkin`,
      headers: first.auth,
      payload: { studentIds: [first.fighterId], sessionId: fullSession.id },
    });
    expect(taken.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  /** Each request in Polish, in English and with no language; answers in that order. */
  const askAll = (request: (headers: Record<string, string>) => Promise<LightMyRequestResponse>) =>
    Promise.all(ASKED.map(([, headers]) => request(headers)));

  it('answers a validation error with problem details and field messages in Polish, or in English as before', async () => {
    const payload = registration({ height: 10, weight: 'heavy', birthdate: '2020-02-30', fighterName: '' });
    const { email: _email, ...withoutEmail } = payload;
    const [polish, english, none] = await askAll((headers) =>
      ctx.app.inject({ method: 'POST', url: '/api/fighter/register', headers, payload: withoutEmail }),
    );
    expect(polish?.statusCode).toBe(400);
    expect(polish?.json<ProblemDetails>()).toMatchObject({
      status: 400,
      title: 'Wystąpił co najmniej jeden błąd walidacji.',
      detail: 'Nieprawidłowa treść żądania.',
      errors: {
        email: ['Nieprawidłowe dane: oczekiwany typ: tekst, otrzymany: brak wartości'],
        fighterName: ['Podaj imię i nazwisko.'],
        height: ['Wzrost musi wynosić od 50 do 250 cm.'],
        weight: ['Waga musi być liczbą.'],
        birthdate: ['To nie jest prawdziwa data kalendarzowa.'],
      },
    });
    for (const res of [english, none]) {
      expect(res?.statusCode).toBe(400);
      expect(res?.json<ProblemDetails>()).toMatchObject({
        status: 400,
        title: 'One or more validation errors occurred.',
        detail: 'Invalid body.',
        errors: {
          email: ['Invalid input: expected string, received undefined'],
          fighterName: ['Enter a name.'],
          height: ['Height must be between 50 and 250 cm.'],
          weight: ['Weight must be a number.'],
          birthdate: ['This is not a calendar date.'],
        },
      });
    }
  });

  it('answers the password policy and a taken e-mail in Polish, by their codes', async () => {
    const [polish, english, none] = await askAll((headers) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/v1/register',
        headers,
        payload: { email: coach.email, password: 'short' },
        remoteAddress: '10.77.0.1',
      }),
    );
    expect(polish?.json<ProblemDetails>()).toMatchObject({
      status: 400,
      title: 'Wystąpił co najmniej jeden błąd walidacji.',
      detail: 'Nie udało się utworzyć konta.',
      errors: {
        PasswordTooShort: ['Hasło musi mieć co najmniej 8 znaków.'],
        PasswordRequiresDigit: ["Hasło musi zawierać co najmniej jedną cyfrę ('0'-'9')."],
        DuplicateUserName: [`Nazwa użytkownika '${coach.email}' jest już zajęta.`],
      },
    });
    for (const res of [english, none]) {
      expect(res?.json<ProblemDetails>()).toMatchObject({
        status: 400,
        title: 'One or more validation errors occurred.',
        detail: 'The account could not be created.',
        errors: {
          PasswordTooShort: ['Passwords must be at least 8 characters.'],
          PasswordRequiresDigit: ["Passwords must have at least one digit ('0'-'9')."],
          DuplicateUserName: [`Username '${coach.email}' is already taken.`],
        },
      });
    }
  });

  it('gives the reason a sign-in failed, and the throttle’s wait, in Polish', async () => {
    const email = uniqueEmail('throttled');
    const attempt = (headers: Record<string, string>, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/fighter/login',
        headers,
        remoteAddress,
        payload: { email, password: 'wrong-pass-1' },
      });
    const [polish, english, none] = await Promise.all(ASKED.map(([, headers], i) => attempt(headers, `10.78.0.${i}`)));
    expect(polish?.statusCode).toBe(401);
    expect(polish?.json<ProblemDetails>()).toMatchObject({
      status: 401,
      title: 'Brak autoryzacji',
      detail: 'Nieprawidłowy adres e-mail lub hasło.',
    });
    for (const res of [english, none]) {
      expect(res?.json<ProblemDetails>()).toMatchObject({
        status: 401,
        title: 'Unauthorized',
        detail: 'Invalid email or password.',
      });
    }

    for (let i = 0; i < THROTTLE.pairFailures; i++) await attempt({}, '10.78.1.1');
    const blockedPolish = await attempt(POLISH, '10.78.1.1');
    const blockedEnglish = await attempt({}, '10.78.1.1');
    expect(blockedPolish.statusCode).toBe(429);
    expect(blockedPolish.json<ProblemDetails>()).toMatchObject({
      title: 'Zbyt wiele żądań',
      detail: `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${THROTTLE.blockMinutes} minut.`,
    });
    expect(blockedEnglish.json<ProblemDetails>()).toMatchObject({
      title: 'Too Many Requests',
      detail: `Too many failed sign-in attempts. Try again in ${THROTTLE.blockMinutes} minutes.`,
    });
  });

  it('answers 404s in Polish: an address with no route, and a session that does not exist', async () => {
    const [polish, english, none] = await askAll((headers) =>
      ctx.app.inject({ method: 'GET', url: '/api/nothing-here?x=1', headers }),
    );
    expect(polish?.json<ProblemDetails>()).toMatchObject({
      status: 404,
      title: 'Nie znaleziono',
      detail: 'Brak zasobu pod adresem GET /api/nothing-here.',
    });
    for (const res of [english, none]) {
      expect(res?.json<ProblemDetails>()).toMatchObject({
        status: 404,
        title: 'Not Found',
        detail: 'No resource at GET /api/nothing-here.',
      });
    }

    const [polishSession, englishSession, noneSession] = await askAll((headers) =>
      ctx.app.inject({ method: 'GET', url: '/api/trainingsession/999999', headers: { ...headers, ...coach.auth } }),
    );
    expect(polishSession?.json<ProblemDetails>()).toMatchObject({ detail: 'Nie ma sesji treningowej 999999.' });
    for (const res of [englishSession, noneSession]) {
      expect(res?.json<ProblemDetails>()).toMatchObject({ detail: 'There is no training session 999999.' });
    }
  });

  it('answers a check-in to a full session with a {message} body in Polish', async () => {
    const [polish, english, none] = await askAll((headers) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/trainingsession/${fullSession.id}/checkin`,
        headers: { ...headers, ...student.auth },
        payload: { studentIds: [student.fighterId], sessionId: fullSession.id },
      }),
    );
    expect(polish?.statusCode).toBe(409);
    expect(polish?.json()).toEqual({ message: 'Ta sesja jest pełna.' });
    for (const res of [english, none]) {
      expect(res?.statusCode).toBe(409);
      expect(res?.json()).toEqual({ message: 'This session is full.' });
    }
  });

  it('writes the attendance answers in Polish: the success, a bad row and a body that is not JSON', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: coach.auth,
      payload: { trainingDate: '2026-12-02T18:30:00+01:00', capacity: 10, duration: 1, targetLevel: 'Beginner' },
    });
    const url = `/api/trainingsession/${created.json<TrainingSession>().id}/attendance`;
    const walkIn = (fighterName: string, weight = 70) => ({
      fighterName,
      birthdate: '2001-02-03',
      weight,
      height: 176,
      beltColor: 'None',
      gender: 'Male',
    });
    const recorded = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...POLISH, ...coach.auth },
      payload: { records: [walkIn('Zenek'), walkIn('Wiesia')] },
    });
    expect(recorded.json<{ message: string }>().message).toBe('Zapisano 2 osoby spoza zapisów; do listy dodano: 2.');
    const badRow = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...POLISH, ...coach.auth },
      payload: { records: [walkIn('Ala'), walkIn('Ola', 0)] },
    });
    expect(badRow.json()).toEqual({ success: false, message: 'Wiersz 2: Waga musi być większa od 0.' });
    const badRowEnglish = await ctx.app.inject({
      method: 'POST',
      url,
      headers: coach.auth,
      payload: { records: [walkIn('Ala'), walkIn('Ola', 0)] },
    });
    expect(badRowEnglish.json()).toEqual({ success: false, message: 'Row 2: Weight must be above 0.' });
    const notJson = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...POLISH, ...coach.auth, 'content-type': 'application/json' },
      payload: '{"records": [',
    });
    expect(notJson.json()).toEqual({
      success: false,
      message:
        "Nie udało się odczytać listy obecności: Treść nie jest poprawnym JSON-em, a content-type to 'application/json'",
    });
  });

  it('answers refusals of Fastify itself in Polish, also before any route runs', async () => {
    const [polish, english] = await Promise.all(
      [POLISH, ENGLISH].map((headers) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/fighter/login',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '',
        }),
      ),
    );
    expect(polish?.json<ProblemDetails>()).toMatchObject({
      status: 400,
      title: 'Nieprawidłowe żądanie',
      detail: "Treść nie może być pusta, gdy content-type to 'application/json'",
    });
    expect(english?.json<ProblemDetails>()).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: "Body cannot be empty when content-type is set to 'application/json'",
    });
    const badUrl = await ctx.app.inject({ method: 'GET', url: '/api/trainingsession/%E2%82', headers: POLISH });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<ProblemDetails>().title).toBe('Nieprawidłowe żądanie');
    expect(badUrl.json<ProblemDetails>().detail).toMatch(/nie jest poprawnym fragmentem adresu URL$/);
    const badUrlEnglish = await ctx.app.inject({ method: 'GET', url: '/api/trainingsession/%E2%82' });
    expect(badUrlEnglish.json<ProblemDetails>().title).toBe('Bad Request');
    expect(badUrlEnglish.json<ProblemDetails>().detail).toMatch(/is not a valid url component$/);
  });

  it('follows the preferred supported language of Accept-Language, and English when none is supported', async () => {
    const ask = (language: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': language } });
    expect((await ask('de-DE,de;q=0.9,pl;q=0.8,en;q=0.5')).json<ProblemDetails>().title).toBe('Nie znaleziono');
    expect((await ask('pl;q=0.2,en;q=0.8')).json<ProblemDetails>().title).toBe('Not Found');
    expect((await ask('fr-FR')).json<ProblemDetails>().title).toBe('Not Found');
  });
});
