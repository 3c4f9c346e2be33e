import { Writable } from 'node:stream';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { TokenResponse } from '@openmat/contract/auth';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { MutedSharer, SharedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD, signUp, type SignedIn } from './support/accounts.js';
import { manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

/**
 * Issue 18, "Smaller leaks": what logs keep of signed addresses, the CSP and tus's CORS, tus's answers
 * to extensions it lacks, control characters in file names, hub connections past their token, after
 * logout and under a flood, who counts as training together for sharing, muting a sharer, and who reads
 * a lesson plan.
 */

const RS = '\u001e';
const SHARE_HUB = '/videoShareHub';
/** The clock starts here; the class starts half an hour later, inside every access token's hour. */
const START = '2026-06-01T12:00:00.000Z';
const CLASS_STARTS = '2026-06-01T12:30:00.000Z';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(1);
});

const sockets: WebSocket[] = [];
const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** The user id an access token names (its `sub`). */
function userIdOf(accessToken: string): number {
  const payload = accessToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string };
  return Number(claims.sub);
}

/** A raw WebSocket on a hub that has done the handshake; `records` collects what the server sends after it. */
async function rawClient(baseUrl: string, hub: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${hub}?access_token=${token}`);
  sockets.push(socket);
  const records: string[] = [];
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  socket.on('message', (data: Buffer) => {
    records.push(...data.toString('utf8').split(RS).filter(Boolean));
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(`{"protocol":"json","version":1}${RS}`);
  await vi.waitFor(() => expect(records[0]).toBe('{}'));
  return { socket, records, closed, isClosed: () => isClosed };
}

/** The HTTP status a WebSocket upgrade gets: 101 when it opens. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', reject);
  });
}

describe.each(databaseTargets)('the smaller leaks on $dialect', (target) => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = manualClock(START);
  let ctx: TestContext;
  let baseUrl: string;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let student: SignedIn;
  let classmate: SignedIn;
  let stranger: SignedIn;
  let session: TrainingSession;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  /** A new upload of `who` (each with bytes of its own, so none is a duplicate). */
  async function uploaded(who: SignedIn, description: string): Promise<number> {
    const body = multipart([
      ['studentIdentifier', 'class'],
      ['description', description],
      {
        filename: 'roll.mp4',
        type: 'video/mp4',
        data: Buffer.concat([clips.mp4, Buffer.from(Math.random().toString())]),
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...body.headers, ...who.auth },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VideoUploadResponse>().videoId;
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      clock,
      logStream,
      realtime: { pingIntervalMs: 50 },
      env: { VIDEO_MAX_BYTES: String(4 * 1024 * 1024) },
    });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bo' });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    classmate = await signUp(ctx.app, { fighterName: 'Ola Lis' });
    stranger = await signUp(ctx.app, { fighterName: 'Obcy' });
    session = (
      await call('POST', '/api/trainingsession', coach, {
        trainingDate: CLASS_STARTS,
        capacity: 10,
        duration: 1.5,
        targetLevel: 'Beginner',
        description: 'Open mat',
      })
    ).json<TrainingSession>();
    for (const who of [student, classmate]) {
      const checkIn = await call('POST', `/api/trainingsession/${session.id}/checkin`, who, {
        studentIds: [who.fighterId],
        sessionId: session.id,
      });
      expect(checkIn.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('logs', () => {
    it('keep neither the storage key, nor the signature, nor the expiry of a signed video address', async () => {
      lines.length = 0;
      await ctx.app.inject({
        method: 'GET',
        url: '/vid/api/video/files/some-key/source.mp4?type=video%2Fmp4&expires=1780000000&signature=S3CRETsig',
      });
      const logged = lines.join('');
      expect(logged).toContain('/vid/api/video/files/[key]?');
      expect(logged).not.toContain('some-key');
      expect(logged).not.toContain('S3CRETsig');
      expect(logged).not.toContain('1780000000');
    });
  });

  describe('the CSP', () => {
    const connectSrc = (csp: string) =>
      csp
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('connect-src ')) ?? '';

    it('lets the page open WebSockets to this host only, not to any host', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'mat.example:8080' } });
      const sources = connectSrc(String(res.headers['content-security-policy'])).split(' ').slice(1);
      expect(sources).toEqual(["'self'", 'ws://mat.example:8080', 'wss://mat.example:8080']);
    });

    it('names no host at all for a Host header that is not a plain host', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'evil.example script-src *' },
      });
      const csp = String(res.headers['content-security-policy']);
      expect(connectSrc(csp)).toBe("connect-src 'self'");
      expect(csp).not.toContain('evil');
    });
  });

  describe('resumable uploads (tus)', () => {
    const create = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/vid/api/video/uploads`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', ...student.auth, ...headers },
      });
    const meta = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
    const fields = { description: 'Roll', studentIdentifier: 'kuba', martialArt: 'BrazilianJiuJitsu_GI' };

    it('answers the extension it lacks (concatenation) with a 400 in problem details, not 501', async () => {
      const cases: Array<Record<string, string>> = [
        { 'upload-concat': 'final;/vid/api/video/uploads/a /vid/api/video/uploads/b' },
        {
          'upload-concat': 'partial',
          'upload-length': '1000',
          'upload-metadata': meta({ ...fields, filename: 'a.mp4' }),
        },
      ];
      for (const headers of cases) {
        const res = await create(headers);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 400, detail: expect.stringMatching(/not/) as unknown });
      }
    });

    it('sends no Access-Control-Allow-Origin, to another origin or its own', async () => {
      for (const origin of ['https://evil.example', baseUrl]) {
        const res = await create({
          origin,
          'upload-length': '1000',
          'upload-metadata': meta({ ...fields, filename: 'cors.mp4' }),
        });
        expect(res.status).toBe(201);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('refuses a file name with a control character when the upload is created', async () => {
      for (const filename of ['roll\u0000.mp4', 'roll\u001b[2J.mp4']) {
        const res = await create({ 'upload-length': '1000', 'upload-metadata': meta({ ...fields, filename }) });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({
          message: 'The upload form has fields to correct.',
          errors: { filename: ['File names must not contain control characters such as NUL or escape.'] },
        });
      }
    });
  });

  describe('multipart uploads', () => {
    it('refuse a file name with a control character, in the caller’s language, and keep nothing', async () => {
      for (const [filename, language, text] of [
        ['roll\u001b.mp4', 'en', 'File names must not contain control characters such as NUL or escape.'],
        ['roll\u0007.mp4', 'pl', 'Nazwa pliku nie może zawierać znaków sterujących, takich jak NUL czy Escape.'],
      ] as const) {
        const body = multipart([
          ['studentIdentifier', 'kuba'],
          { filename, type: 'video/mp4', data: Buffer.concat([clips.mp4, Buffer.from(filename)]) },
        ]);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/vid/api/video/upload-sparring',
          headers: { ...body.headers, ...student.auth, 'accept-language': language },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errors: { filename: [text] } });
      }
      expect((await call('GET', '/vid/api/video/getall-uploaded', student)).json()).toEqual([]);
    });
  });

  describe('hub connections', () => {
    it('are closed with an error when the client floods them with invocations', async () => {
      const { socket, records, closed } = await rawClient(baseUrl, SHARE_HUB, stranger.tokens.accessToken);
      const invocation = `{"type":1,"target":"SendToEveryone","arguments":["hi"],"invocationId":"1"}${RS}`;
      socket.send(invocation.repeat(200));
      await closed;
      expect(records.at(-1)).toBe(
        '{"type":7,"error":"Too many invocations: this hub has no method a client may call."}',
      );
      // A few are answered as the protocol says, then the connection is cut off.
      const answered = records.filter((record) => record.includes('"type":3')).length;
      expect(answered).toBeGreaterThan(0);
      expect(answered).toBeLessThanOrEqual(10);
    });

    it('are closed with an error on a storm of pings', async () => {
      const { socket, records, closed } = await rawClient(baseUrl, SHARE_HUB, stranger.tokens.accessToken);
      socket.send(`{"type":6}${RS}`.repeat(5000));
      await closed;
      expect(records.at(-1)).toBe('{"type":7,"error":"Too many messages: the connection was closed."}');
    });
  });

  describe('sharing', () => {
    let coachVideo: number;

    it('does not count a check-in to a class that has not started as training together', async () => {
      expect(clock.now().toISOString() < CLASS_STARTS).toBe(true);
      coachVideo = await uploaded(coach, 'Armbar details');
      const byName = await call('POST', `/vid/api/video/${coachVideo}/share`, coach, {
        fighterIds: [student.fighterId],
      });
      expect(byName.statusCode).toBe(400);
      const bySession = await call('POST', `/vid/api/video/${coachVideo}/share`, coach, { sessionId: session.id });
      expect(bySession.json()).toEqual({ sharedWith: 0 });
      expect((await call('GET', '/vid/api/video/getall', student)).json()).toEqual([]);
      // Nor the other way: the student cannot push a video to an instructor whose class they only booked.
      const candidates = (await call('GET', '/vid/api/video/share-candidates', student)).json<{
        fighters: unknown[];
      }>();
      expect(candidates.fighters).toEqual([]);
      const coachCandidates = (await call('GET', '/vid/api/video/share-candidates', coach)).json<{
        fighters: unknown[];
        sessions: unknown[];
      }>();
      expect(coachCandidates).toEqual({ fighters: [], sessions: [] });
    });

    it('counts the roster of a class once it has started', async () => {
      clock.advance((Date.parse(CLASS_STARTS) - clock.now().getTime()) / 1000 + 60);
      const shared = await call('POST', `/vid/api/video/${coachVideo}/share`, coach, { sessionId: session.id });
      expect(shared.json()).toEqual({ sharedWith: 2 });
      const list = (await call('GET', '/vid/api/video/getall', student)).json<SharedVideo[]>();
      expect(list.map((video) => video.id)).toEqual([coachVideo]);
      expect(list[0]?.sharedBy).toEqual({ username: 'Coach Ana', userId: userIdOf(coach.tokens.accessToken) });
      const studentCandidates = (await call('GET', '/vid/api/video/share-candidates', student)).json<{
        fighters: Array<{ fighterId: number }>;
      }>();
      expect(studentCandidates.fighters.map((fighter) => fighter.fighterId)).toEqual([coach.fighterId]);
    });

    it('lets a recipient mute a sharer: no banner and no listing until unmuted', async () => {
      const coachUserId = userIdOf(coach.tokens.accessToken);
      const mute = (who: SignedIn, method: 'POST' | 'DELETE', userId: number | string = coachUserId) =>
        call(method, `/vid/api/video/mutes/${userId}`, who);
      const mutes = async (who: SignedIn) => (await call('GET', '/vid/api/video/mutes', who)).json<MutedSharer[]>();
      expect(await mutes(student)).toEqual([]);
      expect((await mute(student, 'POST')).statusCode).toBe(204);
      const mutedAt = clock.now().toISOString();
      clock.advance(60);
      expect((await mute(student, 'POST')).statusCode).toBe(204);
      expect((await call('GET', '/vid/api/video/getall', student)).json()).toEqual([]);
      // The muted list names the sharer, says how many of their videos it hides, and keeps the first mute's time.
      expect(await mutes(student)).toEqual([{ userId: coachUserId, username: 'Coach Ana', mutedAt, hiddenVideos: 1 }]);
      expect(await mutes(classmate)).toEqual([]);
      expect((await call('GET', '/vid/api/video/mutes', null)).statusCode).toBe(401);

      const muted = await rawClient(baseUrl, SHARE_HUB, student.tokens.accessToken);
      const told = await rawClient(baseUrl, SHARE_HUB, classmate.tokens.accessToken);
      const second = await uploaded(coach, 'Triangle setups');
      const shared = await call('POST', `/vid/api/video/${second}/share`, coach, {
        sessionId: session.id,
        title: 'Triangles',
      });
      // The count does not tell the sharer who muted them.
      expect(shared.json()).toEqual({ sharedWith: 2 });
      await vi.waitFor(() => expect(told.records.some((record) => record.includes('Triangles'))).toBe(true));
      expect(muted.records.some((record) => record.includes('ReceiveVideoSharedNotification'))).toBe(false);
      expect((await call('GET', '/vid/api/video/getall', student)).json()).toEqual([]);
      expect(
        (await call('GET', '/vid/api/video/getall', classmate)).json<SharedVideo[]>().map((video) => video.id),
      ).toEqual([second, coachVideo]);

      expect((await mutes(student)).map((sharer) => sharer.hiddenVideos)).toEqual([2]);

      expect((await mute(student, 'DELETE')).statusCode).toBe(204);
      expect(
        (await call('GET', '/vid/api/video/getall', student)).json<SharedVideo[]>().map((video) => video.id),
      ).toEqual([second, coachVideo]);
      expect(await mutes(student)).toEqual([]);
    });

    it('mutes only someone who shared with the caller: anyone else is a 404, a bad id a 400', async () => {
      expect(
        (await call('POST', `/vid/api/video/mutes/${userIdOf(coach.tokens.accessToken)}`, stranger)).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `/vid/api/video/mutes/${userIdOf(student.tokens.accessToken)}`, student)).statusCode,
      ).toBe(404);
      expect((await call('POST', '/vid/api/video/mutes/2147483647', student)).statusCode).toBe(404);
      const bad = await call('POST', '/vid/api/video/mutes/abc', student);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      expect((await call('POST', `/vid/api/video/mutes/${userIdOf(coach.tokens.accessToken)}`, null)).statusCode).toBe(
        401,
      );
    });
  });

  describe('lesson plans', () => {
    it('are read by the session’s instructor and its roster, nobody else', async () => {
      const generated = await call('GET', `/vid/api/video/session/${session.id}/generate`, coach);
      expect(generated.statusCode).toBe(200);
      const url = `/vid/api/video/${session.id}/curriculum`;
      expect((await call('GET', url, coach)).statusCode).toBe(200);
      expect((await call('GET', url, student)).json()).toEqual(generated.json());
      for (const who of [stranger, otherCoach]) {
        const refused = await call('GET', url, who);
        expect(refused.statusCode).toBe(403);
        expect(refused.headers['content-type']).toContain('application/problem+json');
      }
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', `/vid/api/video/session/${session.id}/generate`, student)).statusCode).toBe(403);
    });
  });

  /** Another sign-in of the classmate's (another device, at another address so that no throttle counts it). */
  async function classmateSignsInFrom(remoteAddress: string): Promise<TokenResponse> {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/fighter/login',
      remoteAddress,
      payload: { email: classmate.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    return login.json<TokenResponse>();
  }

  describe('logging out', () => {
    it('closes the hub connections of that sign-in, and refuses its token on the hubs from then on', async () => {
      const secondSignIn = await classmateSignsInFrom('10.251.0.1');
      const first = await rawClient(baseUrl, SHARE_HUB, classmate.tokens.accessToken);
      const second = await rawClient(baseUrl, SHARE_HUB, secondSignIn.accessToken);

      const out = await call('POST', '/api/auth/v1/logout', classmate, {
        refreshToken: classmate.tokens.refreshToken,
      });
      expect(out.statusCode).toBe(204);
      await first.closed;
      expect(first.records.at(-1)).toBe('{"type":7}');
      // The other sign-in (another device) keeps its connection.
      expect(second.isClosed()).toBe(false);
      await ctx.app.domainEvents.publish({
        type: 'analysis.completed',
        userIds: [userIdOf(secondSignIn.accessToken)],
        videoId: 5,
      });
      await ctx.app.domainEvents.publish({
        type: 'video.shared',
        recipientUserIds: [userIdOf(secondSignIn.accessToken)],
        bannerTitle: 'New video shared',
        videoTitle: 'Still here',
        sharedByName: 'Coach Ana',
      });
      await vi.waitFor(() => expect(second.records.some((record) => record.includes('Still here'))).toBe(true));
      const ws = `${baseUrl.replace(/^http/, 'ws')}${SHARE_HUB}`;
      expect(await upgradeStatus(`${ws}?access_token=${classmate.tokens.accessToken}`)).toBe(401);
      expect(await upgradeStatus(`${ws}?access_token=${secondSignIn.accessToken}`)).toBe(101);
    });
  });

  describe('logging out while another tab connects', () => {
    it('closes a connection of that sign-in that has not said its handshake yet', async () => {
      const signIn = await classmateSignsInFrom('10.251.0.3');
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${SHARE_HUB}?access_token=${signIn.accessToken}`);
      sockets.push(socket);
      let isClosed = false;
      socket.on('close', () => (isClosed = true));
      await new Promise((resolve, reject) => {
        socket.on('open', resolve);
        socket.on('error', reject);
      });
      const out = await call(
        'POST',
        '/api/auth/v1/logout',
        { ...classmate, auth: { authorization: `Bearer ${signIn.accessToken}` } },
        {
          refreshToken: signIn.refreshToken,
        },
      );
      expect(out.statusCode).toBe(204);
      await vi.waitFor(() => expect(isClosed).toBe(true), { timeout: 5_000, interval: 20 });
    });
  });

  describe('a refresh token used twice', () => {
    it('ends that sign-in: its hub connections close, as at logout', async () => {
      const signIn = await classmateSignsInFrom('10.251.0.2');
      const connected = await rawClient(baseUrl, SHARE_HUB, signIn.accessToken);
      const refresh = () =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/v1/refresh', payload: { refreshToken: signIn.refreshToken } });
      expect((await refresh()).statusCode).toBe(200);
      // The same token again, past the grace for a client's own retry: a stolen copy. The family is revoked.
      clock.advance(11);
      expect((await refresh()).statusCode).toBe(401);
      await vi.waitFor(() => expect(connected.isClosed()).toBe(true), { timeout: 5_000, interval: 20 });
      expect(connected.records.at(-1)).toBe('{"type":7}');
    });
  });

  describe('an access token that expires', () => {
    it('closes its hub connection with an invitation to reconnect, and the official client comes back', async () => {
      let token = student.tokens.accessToken;
      let refreshToken = student.tokens.refreshToken;
      let expired = false;
      const raw = await rawClient(baseUrl, SHARE_HUB, token);
      const connection = new HubConnectionBuilder()
        .withUrl(`${baseUrl}${SHARE_HUB}`, {
          // The web app's token factory refreshes an expired token; so does this one.
          accessTokenFactory: async () => {
            if (expired) {
              const pair = (await call('POST', '/api/auth/v1/refresh', null, { refreshToken })).json<TokenResponse>();
              token = pair.accessToken;
              refreshToken = pair.refreshToken;
              expired = false;
            }
            return token;
          },
          transport: HttpTransportType.WebSockets,
        })
        .withAutomaticReconnect([0, 50, 50, 50, 50])
        .configureLogging(LogLevel.None)
        .build();
      clients.push(connection);
      const received: unknown[][] = [];
      connection.on('ReceiveVideoSharedNotification', (...args: unknown[]) => received.push(args));
      let reconnected = false;
      connection.onreconnected(() => {
        reconnected = true;
      });
      await connection.start();

      expired = true;
      clock.advance(ctx.config.accessTokenSeconds + 1);
      await raw.closed;
      expect(raw.records.at(-1)).toBe('{"type":7,"allowReconnect":true}');
      await vi.waitFor(() => expect(reconnected).toBe(true), { timeout: 5_000 });
      await ctx.app.domainEvents.publish({
        type: 'video.shared',
        recipientUserIds: [userIdOf(token)],
        bannerTitle: 'New video shared',
        videoTitle: 'After the refresh',
        sharedByName: 'Coach Ana',
      });
      await vi.waitFor(() => expect(received).toEqual([['New video shared', 'After the refresh', 'Coach Ana']]));
    });
  });
});
