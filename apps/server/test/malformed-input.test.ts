import { PROBLEM_CONTENT_TYPE } from '@openmat/contract/problem';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PASSWORD, signUp, uniqueEmail, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { externalSignInEnv, startLoopbackProvider, type LoopbackProvider } from './support/oidc-provider.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/*
 * Hostile input never gets a 5xx. Every route of the OpenAPI document is sent malformed bodies, path
 * parameters and queries, as a visitor, a student and an instructor (so that the requests get past the
 * guards into validation and the services), with real ids where the route wants them. Every 4xx must
 * be problem details, except the bodies the contract documents as `{message}` or `{success, message}`.
 */

const APP = 'http://openmat.test';
const CALLBACK = `${APP}/api/externalauth/callback`;
/** Fastify's default limit of a path parameter's length. */
const MAX_PARAM_LENGTH = 100;
/** Requests in flight at once. */
const BATCH = 16;

// ---- The OpenAPI document, as far as the walker reads it ----------------------------------------------

interface JsonSchema {
  type?: string | string[] | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  items?: JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  allOf?: JsonSchema[] | undefined;
  enum?: unknown[] | undefined;
  format?: string | undefined;
  pattern?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minItems?: number | undefined;
}

const JsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z
    .object({
      type: z.union([z.string(), z.array(z.string())]).optional(),
      properties: z.record(z.string(), JsonSchema).optional(),
      items: JsonSchema.optional(),
      anyOf: z.array(JsonSchema).optional(),
      oneOf: z.array(JsonSchema).optional(),
      allOf: z.array(JsonSchema).optional(),
      enum: z.array(z.unknown()).optional(),
      format: z.string().optional(),
      pattern: z.string().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      minItems: z.number().optional(),
    })
    .loose(),
);

const Content = z.record(z.string(), z.object({ schema: JsonSchema.optional() }));
const Operation = z.object({
  parameters: z.array(z.object({ in: z.string(), name: z.string(), schema: JsonSchema.optional() })).optional(),
  requestBody: z.object({ content: Content }).optional(),
  responses: z.record(z.string(), z.object({ content: Content.optional() })).optional(),
});
type Operation = z.infer<typeof Operation>;

const OpenApiDocument = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;

interface Route {
  method: Method;
  /** The path template, e.g. `/api/trainingsession/{id}`. */
  path: string;
  operation: Operation;
}

function routesOf(document: unknown): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(OpenApiDocument.parse(document).paths)) {
    for (const [key, method] of Object.entries(METHODS)) {
      if (item[key] !== undefined) routes.push({ method, path, operation: Operation.parse(item[key]) });
    }
  }
  return routes;
}

/** Routes hidden from the document that take input all the same. */
const HIDDEN_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/externalauth/callback',
    operation: {
      parameters: ['code', 'state', 'error', 'iss'].map((name) => ({ in: 'query', name, schema: { type: 'string' } })),
    },
  },
];

// ---- Hostile values ------------------------------------------------------------------------------------

/** A value to put somewhere, as JSON text, so that `__proto__` keys and literals such as 1e400 travel too. */
interface Variant {
  label: string;
  json: string;
}

const HOSTILE_STRINGS: Array<[string, string]> = [
  ['NUL inside', 'a\u0000b'],
  ['NUL only', '\u0000'],
  ['C0 controls', '\u0001\u0007\u001b[31m\u001f'],
  ['DEL', 'x\u007fy'],
  ['tab and line breaks', 'a\tb\nc\r'],
  ['lone surrogate', '\ud800'],
  ['emoji', '🥋'.repeat(60)],
  ['empty', ''],
  ['blank', '   '],
  ['very long', 'x'.repeat(100_000)],
  ['SQL', "'; DROP TABLE users; --"],
  ['percent-encoded NUL', '%00'],
  ['markup', '<script>alert(1)</script>'],
  ['year 0', '0000-01-01T00:00:00+01:00'],
  ['year 9999 with an offset', '9999-12-31T23:00:00-05:00'],
  ['six-digit year', '+010000-01-01T00:00:00Z'],
];

const HOSTILE_JSON_VALUES: Array<[string, unknown]> = [
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['2^31-1', 2 ** 31 - 1],
  ['2^31', 2 ** 31],
  ['2^53+2', 2 ** 53 + 2],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['5e-324', 5e-324],
  ['numeric string', '1'],
  ['null', null],
  ['true', true],
  ['array', [1]],
  ['empty array', []],
  ['object', {}],
  ['nested arrays', JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)],
];

const HOSTILE_VALUES: Variant[] = [
  ...[...HOSTILE_STRINGS, ...HOSTILE_JSON_VALUES].map(([label, value]) => ({ label, json: JSON.stringify(value) })),
  { label: '1e400', json: '1e400' },
  { label: '-0', json: '-0' },
  { label: '30-digit integer', json: '123456789012345678901234567890' },
  { label: '__proto__ object', json: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
];

/** Whole bodies that are not JSON, or not the JSON any route expects. */
const RAW_BODIES: Array<{ label: string; body: string | Buffer }> = [
  { label: 'unclosed brace', body: '{' },
  { label: 'empty body', body: '' },
  { label: 'trailing comma', body: '{"a":1,}' },
  { label: 'NaN literal', body: '{"a":NaN}' },
  { label: 'Infinity literal', body: '{"a":Infinity}' },
  { label: 'single quotes', body: "{'a':1}" },
  { label: 'JSON null', body: 'null' },
  { label: 'JSON array', body: '[]' },
  { label: 'JSON string', body: '"text"' },
  { label: 'JSON number', body: '123' },
  { label: 'JSON true', body: 'true' },
  { label: 'raw NUL', body: '\u0000' },
  { label: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { label: '__proto__ key', body: '{"__proto__":{"polluted":true}}' },
  { label: 'constructor key', body: '{"constructor":{"prototype":{"polluted":true}}}' },
  { label: 'deeply nested', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: 'over the body limit', body: `{"a":"${'x'.repeat(1_100_000)}"}` },
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=walker',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json;;;',
];

/** Path parameter values, already encoded for the address. */
const HOSTILE_PARAMS: string[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1e308',
  'Infinity',
  'NaN',
  '%20%201',
  '%00',
  '1%00',
  '%FF',
  '%E2%82',
  '%',
  '__proto__',
  'constructor',
  'x'.repeat(3000),
  '1'.repeat(400),
];

/** Path parameter values that the router refuses before any route sees them. */
const unroutable = (value: string) => value.length > MAX_PARAM_LENGTH || /%(?![0-9A-F]{2})|%FF|%E2%82$/i.test(value);

/** Query values, already encoded. */
const HOSTILE_QUERY_VALUES: string[] = [
  '',
  '%00',
  'a%00b',
  '%01%1F%7F',
  '%FF',
  'x'.repeat(5000),
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  'http://evil.example/',
  `${encodeURIComponent(APP)}%2F%00`,
  '2147483648',
  '-1',
];

// ---- Building requests ---------------------------------------------------------------------------------

interface World {
  student: SignedIn;
  instructor: SignedIn;
  /** A session of the instructor's, with the student and walk-ins on its roster and a pairing saved. */
  session: TrainingSessionDetails;
}

/** The real id that a field or parameter of this name most likely wants. */
function realId(name: string, world: World): number {
  if (/student/i.test(name)) return world.student.fighterId;
  if (/instructor|fighter/i.test(name)) return world.instructor.fighterId;
  return world.session.id;
}

function realIds(name: string, world: World): number[] {
  return /studentFighterIds/i.test(name) ? world.session.studentIds : [realId(name, world)];
}

/** A valid-looking value for a schema: the base that each probe spoils in one place. */
function sample(schema: JsonSchema | undefined, name: string, world: World): unknown {
  if (!schema) return 'walker';
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice?.[0]) return sample(choice[0], name, world);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key, world)]),
      );
    case 'array':
      if (/ids$/i.test(name)) return realIds(name, world);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name, world));
    case 'integer':
    case 'number': {
      if (/id$/i.test(name)) return realId(name, world);
      const min = schema.minimum ?? 1;
      const max = schema.maximum ?? min + 10;
      return type === 'integer' ? Math.ceil((min + max) / 2) : (min + max) / 2;
    }
    case 'boolean':
      return false;
    default:
      if (schema.format === 'date-time') return '2026-12-01T18:00:00+01:00';
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}$')) return '1995-03-14';
      if (/email/i.test(name)) return uniqueEmail('walker');
      if (/password/i.test(name)) return PASSWORD;
      if (/url/i.test(name)) return `${APP}/after-sign-in`;
      return 'Walker';
  }
}

type Path = Array<string | number>;
type Container = Record<string | number, unknown>;

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Every place in a value, the value itself first. */
function placesIn(value: unknown, at: Path = []): Path[] {
  const places: Path[] = [at];
  if (isContainer(value)) {
    for (const [key, item] of Object.entries(value)) {
      places.push(...placesIn(item, [...at, Array.isArray(value) ? Number(key) : key]));
    }
  }
  return places;
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const step of path) current = isContainer(current) ? current[step] : undefined;
  return current;
}

const MARK = '\u0001walker-mark\u0001';

/** The JSON text of `base` with the value at `path` replaced by `json`, or left out when `json` is null. */
function spoil(base: unknown, path: Path, json: string | null): string {
  const last = path.at(-1);
  if (last === undefined) return json ?? '';
  const copy: unknown = structuredClone(base);
  const parent = valueAt(copy, path.slice(0, -1));
  if (!isContainer(parent)) throw new Error(`nothing at ${path.join('.')}`);
  if (json !== null) {
    parent[last] = MARK;
    return JSON.stringify(copy).replace(JSON.stringify(MARK), json);
  }
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return JSON.stringify(copy);
}

type Who = 'visitor' | 'student' | 'instructor' | 'bad token';

interface Probe {
  method: Method;
  url: string;
  who: Who;
  label: string;
  body?: string | Buffer;
  contentType?: string;
  /** The router refuses the address before any route sees it, so no route's documented body applies. */
  unrouted?: boolean;
}

const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

function queryOf(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([key, value]) => `${key}=${value}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The probes of one route for one caller; the first is the valid-looking request. */
function probesFor(route: Route, world: World, who: Who): Probe[] {
  const { method, path, operation } = route;
  const params = operation.parameters ?? [];
  const pathParams = params.filter((param) => param.in === 'path');
  const queryParams = params.filter((param) => param.in === 'query');
  const realPath = Object.fromEntries(pathParams.map((param) => [param.name, String(realId(param.name, world))]));
  const baseQuery = Object.fromEntries(
    queryParams.map((param) => [param.name, encodeURIComponent(String(sample(param.schema, param.name, world)))]),
  );
  const url = (pathValues = realPath, query = baseQuery) => `${fillPath(path, pathValues)}${queryOf(query)}`;
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const base = bodySchema ? sample(bodySchema, 'body', world) : undefined;
  const baseBody = base === undefined ? {} : { body: JSON.stringify(base), contentType: 'application/json' };
  const withBody = (label: string, body: string | Buffer, contentType = 'application/json'): Probe => ({
    method,
    url: url(),
    who,
    label,
    body,
    contentType,
  });

  const probes: Probe[] = [{ method, url: url(), who, label: 'valid-looking request', ...baseBody }];
  for (const param of pathParams) {
    for (const value of HOSTILE_PARAMS) {
      probes.push({
        method,
        url: url({ ...realPath, [param.name]: value }),
        who,
        label: `path ${param.name}=${value.slice(0, 24)}`,
        unrouted: unroutable(value),
        ...baseBody,
      });
    }
  }
  for (const param of queryParams) {
    const { [param.name]: _left, ...without } = baseQuery;
    probes.push({ method, url: url(realPath, without), who, label: `query without ${param.name}` });
    probes.push({ method, url: `${url()}&${param.name}=x`, who, label: `query ${param.name} twice` });
    for (const value of HOSTILE_QUERY_VALUES) {
      probes.push({
        method,
        url: url(realPath, { ...baseQuery, [param.name]: value }),
        who,
        label: `query ${param.name}=${value.slice(0, 24)}`,
      });
    }
  }
  const pollution = '__proto__[polluted]=1&constructor[prototype][x]=1&%FF=%FF';
  probes.push({
    method,
    url: `${url()}${queryParams.length > 0 ? '&' : '?'}${pollution}`,
    who,
    label: 'query with __proto__ keys and bad encoding',
  });

  if (method === 'GET') {
    probes.push({ method: 'HEAD', url: url(), who, label: 'HEAD' });
    return probes;
  }
  for (const raw of RAW_BODIES) probes.push(withBody(`raw body: ${raw.label}`, raw.body));
  if (baseBody.body === undefined) return probes;

  probes.push(withBody('UTF-16LE body', Buffer.from(baseBody.body, 'utf16le')));
  probes.push(withBody('UTF-16 body with BOM', Buffer.from(`\ufeff${baseBody.body}`, 'utf16le')));
  probes.push(withBody('UTF-8 BOM', `\ufeff${baseBody.body}`));
  for (const contentType of CONTENT_TYPES) {
    probes.push(withBody(`content type ${contentType}`, baseBody.body, contentType));
  }
  probes.push({ method, url: url(), who, label: 'body without content type', body: baseBody.body });
  for (const place of placesIn(base)) {
    const where = place.length === 0 ? 'body' : place.join('.');
    if (place.length > 0) probes.push(withBody(`${where} left out`, spoil(base, place, null)));
    for (const variant of HOSTILE_VALUES) {
      probes.push(withBody(`${where} = ${variant.label}`, spoil(base, place, variant.json)));
    }
    const value = valueAt(base, place);
    if (Array.isArray(value)) {
      const first: unknown = value[0];
      const many = JSON.stringify(Array.from({ length: 1001 }, () => first ?? 1));
      probes.push(withBody(`${where} with 1001 items`, spoil(base, place, many)));
    }
  }
  return probes;
}

// ---- Judging answers -----------------------------------------------------------------------------------

const Problem = z.object({ type: z.string(), title: z.string(), status: z.number().int() });
const MessageOnly = z.object({ message: z.string() });
const Failure = z.object({ success: z.literal(false), message: z.string() });

/** What is wrong with this answer, or null when nothing is. */
function complaint(route: Route, probe: Probe, status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400 || probe.method === 'HEAD') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  const schema = route.operation.responses?.[String(status)]?.content?.['application/json']?.schema;
  // A status may document one body, or a choice of bodies (`{message}` or problem details).
  const variants = schema?.anyOf ?? schema?.oneOf ?? (schema ? [schema] : []);
  const messageBodies = variants.flatMap((variant) => {
    const documented = variant.properties;
    return documented && 'message' in documented && !('title' in documented) ? [documented] : [];
  });
  const [documented] = messageBodies;
  if (documented && !probe.unrouted) {
    const shape = 'success' in documented ? Failure : MessageOnly;
    if (shape.safeParse(parsed).success) return null;
    if (messageBodies.length === variants.length) return `answered ${status} without the documented body`;
  }
  if (!contentType.startsWith(PROBLEM_CONTENT_TYPE)) return `answered ${status} as ${contentType}, not problem details`;
  const problem = Problem.safeParse(parsed);
  return problem.success && problem.data.status === status ? null : `answered ${status} with a malformed problem`;
}

describe.each(databaseTargets)('malformed input on $dialect', (target) => {
  let provider: LoopbackProvider;
  let ctx: TestContext;
  let student: SignedIn;
  let instructor: SignedIn;

  beforeAll(async () => {
    // External sign-in is configured, so that its routes get as far as their own checks.
    provider = await startLoopbackProvider([CALLBACK]);
    ctx = await createTestApp(target, {
      clock: manualClock(BEFORE_THE_CLASSES),
      env: externalSignInEnv(provider, APP),
    });
    student = await signUp(ctx.app, { fighterName: 'Walker Student' });
    instructor = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Walker Coach' });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  const headersOf = (who: Who): Record<string, string> => {
    if (who === 'student') return student.auth;
    if (who === 'instructor') return instructor.auth;
    if (who === 'bad token') return { authorization: 'Bearer not.a.token' };
    return {};
  };

  /** A fresh session for each route, so that what one route's probes change (or delete) starves no other. */
  async function freshWorld(): Promise<World> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: instructor.auth,
      payload: { trainingDate: '2026-12-01T18:00:00Z', capacity: 50, duration: 1, targetLevel: 'Beginner' },
    });
    const { id } = created.json<TrainingSession>();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${id}/checkin`,
      headers: student.auth,
      payload: { studentIds: [student.fighterId], sessionId: id },
    });
    const records = ['Walk-in One', 'Walk-in Two', 'Walk-in Three'].map((fighterName, index) => ({
      fighterName,
      birthdate: `199${index}-01-01`,
      weight: 70 + index,
      height: 175,
      beltColor: 'White',
      gender: 'Male',
    }));
    const attendance = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${id}/attendance`,
      headers: instructor.auth,
      payload: { records },
    });
    const session = attendance.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
    const paired = await ctx.app.inject({
      method: 'POST',
      url: `/vid/api/video/matchmaker/${id}`,
      headers: instructor.auth,
      payload: { studentFighterIds: session.studentIds, instructorFighterId: session.instructorId },
    });
    expect(paired.statusCode).toBe(200);
    return { student, instructor, session };
  }

  it('refuses out-of-range ids, control characters and far-off dates with a 400 that names the field', async () => {
    const world = await freshWorld();
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: instructor.auth, ...(payload === undefined ? {} : { payload }) });
    const fieldsOf = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(400);
      return Object.keys(z.object({ errors: z.record(z.string(), z.array(z.string())) }).parse(res.json()).errors);
    };
    const session = { trainingDate: '2026-12-01T18:00:00Z', capacity: 10, duration: 1, targetLevel: 'Beginner' };

    expect(fieldsOf(await send('GET', '/api/trainingsession/2147483648'))).toEqual(['id']);
    expect(
      fieldsOf(await send('POST', '/vid/api/ai/search', { techniqueName: 'Armbar', trainingSessionId: 2 ** 31 })),
    ).toEqual(['trainingSessionId']);
    expect(
      fieldsOf(await send('POST', '/api/fighter/login', { email: 'a\u0000@example.com', password: PASSWORD })),
    ).toEqual(['email']);
    expect(fieldsOf(await send('POST', '/api/trainingsession', { ...session, description: 'Guard\u0000' }))).toEqual([
      'description',
    ]);
    expect(
      fieldsOf(await send('POST', '/api/trainingsession', { ...session, trainingDate: '9999-12-31T23:00:00-05:00' })),
    ).toEqual(['trainingDate']);
    expect(
      fieldsOf(await send('POST', '/api/trainingsession', { ...session, trainingDate: '0000-01-01T00:00:00+01:00' })),
    ).toEqual(['trainingDate']);
    expect(
      (await send('POST', '/api/trainingsession', { ...session, description: 'Line one\n\tline two' })).statusCode,
    ).toBe(201);

    const attendance = (body: string | Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/trainingsession/${world.session.id}/attendance`,
        headers: { ...instructor.auth, 'content-type': 'application/json' },
        payload: body,
      });
    const walkIn = {
      fighterName: 'Nul\u0000',
      birthdate: '1990-01-01',
      weight: 70,
      height: 175,
      beltColor: 'White',
      gender: 'Male',
    };
    const named = await attendance(JSON.stringify({ records: [walkIn] }));
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({
      success: false,
      message: 'Row 1: Names must not contain control characters such as NUL or escape.',
    });
    for (const body of [
      '{',
      '',
      '{"a":1,}',
      '{"records":NaN}',
      '{"__proto__":{"x":1}}',
      Buffer.from('{"records":[]}', 'utf16le'),
    ]) {
      const res = await attendance(body);
      expect(res.statusCode).toBe(400);
      expect(Failure.parse(res.json()).message).toMatch(/^The attendance list could not be read: /);
    }
  });

  it('answers every malformed request to every route with a 4xx, never a 5xx', { timeout: 300_000 }, async () => {
    const routes = [...routesOf(ctx.app.swagger()), ...HIDDEN_ROUTES];
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    /** Routes that some signed-in probe got past the guards of: the walk reached validation and services. */
    const reached = new Set<string>();
    const started = Date.now();
    for (const route of routes) {
      const world = await freshWorld();
      const probes = [
        ...probesFor(route, world, 'instructor'),
        ...probesFor(route, world, 'student'),
        ...probesFor(route, world, 'visitor'),
        ...probesFor(route, world, 'bad token').slice(0, 1),
      ];
      for (let start = 0; start < probes.length; start += BATCH) {
        await Promise.all(
          probes.slice(start, start + BATCH).map(async (probe) => {
            const res = await ctx.app.inject({
              method: probe.method,
              url: probe.url,
              headers: { ...headersOf(probe.who), ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
              ...(probe.body === undefined ? {} : { payload: probe.body }),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (probe.who !== 'visitor' && probe.who !== 'bad token' && ![401, 403].includes(res.statusCode)) {
              reached.add(`${route.method} ${route.path}`);
            }
            const wrong = complaint(route, probe, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
            if (wrong) {
              const shown = res.statusCode >= 500 ? '' : ` ${res.body.slice(0, 160)}`;
              failures.push(
                `${probe.method} ${probe.url.slice(0, 120)} as ${probe.who} [${probe.label}]: ${wrong}${shown}`,
              );
            }
          }),
        );
      }
    }
    const sent = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.info(
      `[malformed input] ${target.dialect}: ${sent} requests to ${routes.length} routes in ${seconds} s (${tally.join(', ')})`,
    );

    failures.sort((a, b) => Number(!/answered 5\d\d$/.test(a)) - Number(!/answered 5\d\d$/.test(b)));
    expect(failures, `${failures.length} bad answers:\n${failures.slice(0, 200).join('\n')}`).toEqual([]);
    expect(routes.map((route) => `${route.method} ${route.path}`).filter((route) => !reached.has(route))).toEqual([]);
  });
});
