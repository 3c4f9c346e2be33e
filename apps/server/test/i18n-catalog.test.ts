import { RegisterAccountRequest, RegisterFighterRequest } from '@openmat/contract/auth';
import { PairingRequest } from '@openmat/contract/coaching';
import { LANGUAGES, type Language } from '@openmat/contract/languages';
import { knownMessages } from '@openmat/contract/messages';
import { SessionListQuery, TrainingSessionInput } from '@openmat/contract/sessions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGS, msg, translator, type MessageKey } from '../src/i18n/catalog.js';
import { frameworkMessage, validationMessage, type ValidationIssue } from '../src/i18n/library-messages.js';
import { negotiateLanguage } from '../src/plugins/language.js';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalog by its key, plural forms under their own keys (`pairs_one`). */
function texts(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree) as Array<[string, unknown]>) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of texts(value, `${prefix}${key}.`)) out.set(inner, text);
    }
  }
  return out;
}

/** The variables a text interpolates: `{{count, num}}` gives `count`. */
const variables = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1] ?? '');

/** Per key without plural suffix: the variables of all its forms, and the plural forms it has. */
function shape(language: Language): Map<string, { variables: Set<string>; forms: Set<string> }> {
  const out = new Map<string, { variables: Set<string>; forms: Set<string> }>();
  for (const [key, text] of texts(CATALOGS[language])) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const entry = out.get(base) ?? { variables: new Set<string>(), forms: new Set<string>() };
    for (const name of variables(text)) entry.variables.add(name);
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (form) entry.forms.add(form);
    out.set(base, entry);
  }
  return out;
}

/** A zod issue as fastify-type-provider-zod hands it to the error handler. */
function issuesOf(schema: z.ZodType, value: unknown): ValidationIssue[] {
  return (schema.safeParse(value).error?.issues ?? []).map(({ code, message, path: _path, ...params }) => ({
    keyword: code,
    message,
    params,
  }));
}

describe('the server catalog', () => {
  const english = shape('en');

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has the same texts in %s as in English, with the same variables',
    (language) => {
      const other = shape(language);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, { variables: names }] of english) {
        expect([...(other.get(key)?.variables ?? [])].sort(), key).toEqual([...names].sort());
      }
    },
  );

  it.each(LANGUAGES)('gives every plural text all the forms %s has', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, { forms }] of shape(language)) {
      if (forms.size > 0) expect([...forms].sort(), key).toEqual([...categories].sort());
    }
  });

  it('writes Polish plurals by Intl.PluralRules: one, few, many', () => {
    const pl = translator('pl');
    const minutes = [1, 2, 4, 5, 12, 21, 22, 25, 112].map((count) => pl('throttle.minutes', { count }));
    expect(minutes).toEqual([
      '1 minutę',
      '2 minuty',
      '4 minuty',
      '5 minut',
      '12 minut',
      '21 minut',
      '22 minuty',
      '25 minut',
      '112 minut',
    ]);
    expect(pl('contract.password.tooShort', { count: 8 })).toBe('Hasło musi mieć co najmniej 8 znaków.');
    expect(pl('contract.password.tooShort', { count: 3 })).toBe('Hasło musi mieć co najmniej 3 znaki.');
  });

  it('says "1 minute", not "1 minutes", in what an analysis asked for again or stopped for time answers', () => {
    const en = translator('en');
    expect(en('analysis.overBudget', { count: 1 })).toBe(
      'The analysis took longer than the 1 minute this video may take, so it was stopped. Upload a shorter clip.',
    );
    expect(en('analysis.overBudget', { count: 3 })).toContain('than the 3 minutes this video');
    const pl = translator('pl');
    expect([1, 2, 5].map((count) => pl('analysis.tooSoon', { count }))).toEqual([
      'Ten film był analizowany przed chwilą. Możesz poprosić ponownie za 1 minutę.',
      'Ten film był analizowany przed chwilą. Możesz poprosić ponownie za 2 minuty.',
      'Ten film był analizowany przed chwilą. Możesz poprosić ponownie za 5 minut.',
    ]);
  });

  it('writes one of a thing as one, not "(s)" or a plural, wherever a count can be 1', () => {
    const en = translator('en');
    const pl = translator('pl');
    expect(en('session.capacityBelowRoster', { count: 1 })).toBe(
      'Capacity cannot be below the 1 fighter already on the roster.',
    );
    expect(en('attendance.recorded', { count: 1, added: 1 })).toBe('Recorded 1 walk-in; 1 added to the roster.');
    expect(en('attendance.recorded', { count: 3, added: 2 })).toBe('Recorded 3 walk-ins; 2 added to the roster.');
    expect(en('attendance.notEnoughPlaces', { free: 1, count: 2 })).toBe(
      'Places left in this session: 1; walk-ins who need a place: 2.',
    );
    expect(en('video.tooManyUnfinished', { count: 1 })).toBe(
      'You already have 1 unfinished upload. Finish or cancel it before you start another.',
    );
    expect(pl('video.tooManyUnfinished', { count: 1 })).toMatch(/^Masz już 1 niedokończone przesyłanie\./);
    expect(pl('video.tooManyUnfinished', { count: 5 })).toMatch(/^Masz już 5 niedokończonych przesyłań\./);
    expect(en('coach.notOnRoster', { count: 1, ids: '7' })).toBe("Fighter 7 is not on this session's roster.");
    expect(en('coach.notOnRoster', { count: 2, ids: '7, 9' })).toBe("Fighters 7, 9 are not on this session's roster.");
    // A Polish text written for any count is used for every count.
    expect(pl('session.capacityBelowRoster', { count: 1 })).toBe(
      'Liczba miejsc nie może być mniejsza niż liczba osób już zapisanych na sesję (1).',
    );
  });

  it('names two belts in the pairing reasons in Polish without declining them wrongly', () => {
    const pl = translator('pl');
    const reason = pl('pairing.describe.beltHigher', { count: 1, partner: 'niebieski', self: 'biały' });
    expect(reason).toBe('ma pas o 1 stopień wyższy (pasy: niebieski i biały)');
    expect(reason).not.toContain('wobec');
  });

  it('writes nested messages in the same language, and values exactly as given', () => {
    const wait = msg('throttle.seconds', { count: 1 });
    expect(translator('en')('throttle.signIn', { wait })).toBe(
      'Too many failed sign-in attempts. Try again in 1 second.',
    );
    expect(translator('pl')('throttle.signIn', { wait })).toBe(
      'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 sekundę.',
    );
    // A name is neither HTML-escaped nor read as a placeholder or a nested key.
    const name = `O'Brien <b>&amp; {{id}} $t(auth.accountGone)`;
    expect(translator('pl')('session.notFound', { id: name })).toBe(`Nie ma sesji treningowej ${name}.`);
  });

  it('writes every message of the contract in English exactly as the contract does, and in Polish otherwise', () => {
    // Loading the schemas makes their messages.
    expect([RegisterFighterRequest, TrainingSessionInput, SessionListQuery, PairingRequest]).toHaveLength(4);
    const en = translator('en');
    const pl = translator('pl');
    expect(knownMessages().size).toBeGreaterThan(40);
    for (const [text, { code, params }] of knownMessages()) {
      const key: MessageKey = `contract.${code}`;
      expect(en(key, params)).toBe(text);
      expect(pl(key, params), text).not.toBe(text);
    }
  });
});

describe('messages of libraries', () => {
  const en = translator('en');
  const pl = translator('pl');

  it("keeps zod's own English and words it in Polish", () => {
    const cases: Array<[z.ZodType, unknown]> = [
      [RegisterAccountRequest, {}],
      [RegisterAccountRequest, { email: 7, password: null }],
      [RegisterFighterRequest.shape.gender, 'Other'],
      [RegisterFighterRequest.shape.fighterRole, 'Coach'],
      [PairingRequest, { studentFighterIds: Array.from({ length: 501 }, (_, i) => i + 1), instructorFighterId: 1 }],
      [SessionListQuery, { colour: 'red', size: 'L' }],
      [SessionListQuery, { status: 'Open' }],
      [z.object({ tags: z.array(z.string()).min(2) }), { tags: ['a'] }],
      [z.string().max(3), 'abcd'],
      [z.number().lt(5), 9],
      [z.number().multipleOf(3), 4],
      [z.string().startsWith('ab'), 'x'],
      [z.email(), 'nope'],
      [z.literal('yes'), 'no'],
      [z.string().refine(() => false), 'x'],
    ];
    for (const [schema, value] of cases) {
      const issues = issuesOf(schema, value);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        expect(validationMessage(issue, en)).toBe(issue.message);
        expect(validationMessage(issue, pl), issue.message).not.toBe(issue.message);
      }
    }
    const [missing] = issuesOf(RegisterAccountRequest, { password: 'x1secret' });
    expect(missing && validationMessage(missing, pl)).toBe(
      'Nieprawidłowe dane: oczekiwany typ: tekst, otrzymany: brak wartości',
    );
  });

  it('passes on a message it does not know as it came', () => {
    const [custom] = issuesOf(z.string().max(3, 'Three letters at most, please.'), 'abcd');
    expect(custom && validationMessage(custom, pl)).toBe('Three letters at most, please.');
  });

  it("words Fastify's refusals it knows, and passes on the others", () => {
    const invalidJson = {
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    };
    expect(frameworkMessage(invalidJson, en)).toBe(invalidJson.message);
    expect(frameworkMessage(invalidJson, pl)).toBe(
      "Treść nie jest poprawnym JSON-em, a content-type to 'application/json'",
    );
    const badUrl = { code: 'FST_ERR_BAD_URL', message: "'/api/%E2%82' is not a valid url component" };
    expect(frameworkMessage(badUrl, en)).toBe(badUrl.message);
    expect(frameworkMessage(badUrl, pl)).toBe("'/api/%E2%82' nie jest poprawnym fragmentem adresu URL");
    const longParam = { code: 'FST_ERR_MAX_PARAM_LENGTH', message: "'/api/x/1111' is exceeding the max param length" };
    expect(frameworkMessage(longParam, en)).toBe(longParam.message);
    expect(frameworkMessage(longParam, pl)).toBe("'/api/x/1111' przekracza największą dozwoloną długość parametru");
    const other = { code: 'FST_ERR_SOMETHING_NEW', message: 'Something new' };
    expect(frameworkMessage(other, pl)).toBe('Something new');
  });
});

describe('the language of a request', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['pl', 'pl'],
    ['pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7', 'pl'],
    ['PL-pl', 'pl'],
    ['en-GB,en;q=0.9,pl;q=0.8', 'en'],
    ['de-DE,de;q=0.9,pl;q=0.8,en;q=0.5', 'pl'],
    ['en;q=0.4, pl;q=0.6', 'pl'],
    ['pl;q=0, en', 'en'],
    ['pl;q=0', 'en'],
    ['*', 'en'],
    ['fr, de', 'en'],
    ['pl;q=oops', 'en'],
    ['polish', 'en'],
  ])('Accept-Language %j gives %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});
