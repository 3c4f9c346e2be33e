import { type AnalysisResult } from '@openmat/contract/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { analyseUntilCompleted, coachRollSharedWithClass, feedback } from './support/videos.js';

const arrow = { kind: 'arrow', colour: 'yellow', x1: 0.2, y1: 0.3, x2: 0.6, y2: 0.5 };
const circle = { kind: 'circle', x1: 0.5, y1: 0.5, x2: 0.55, y2: 0.5 };

describe.each(databaseTargets)('drawings on a paused frame on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;
  let videoId: number;

  beforeAll(async () => {
    ctx = await createTestApp(target, { env: { ANALYSIS_RERUN_SECONDS: '0' } });
    ({ coach, student, videoId } = await coachRollSharedWithClass(ctx.app));
    await analyseNow();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const analyseNow = () => analyseUntilCompleted(ctx.app, coach, videoId);
  const patch = (who: SignedIn, payload: unknown, language = 'en') =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: { ...who.auth, 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
  const read = async (who: SignedIn) => (await feedback(ctx.app, who, videoId)).json<AnalysisResult>();

  it.each([
    ['a point off the frame', { drawings: [{ time: 1, shapes: [{ ...arrow, x2: 1.2 }] }] }],
    ['a negative coordinate', { drawings: [{ time: 1, shapes: [{ ...arrow, y1: -0.1 }] }] }],
    ['an unknown shape', { drawings: [{ time: 1, shapes: [{ ...arrow, kind: 'polygon' }] }] }],
    ['an unknown colour', { drawings: [{ time: 1, shapes: [{ ...arrow, colour: 'pink' }] }] }],
    ['a drawing without shapes', { drawings: [{ time: 1, shapes: [] }] }],
    ['21 shapes in one drawing', { drawings: [{ time: 1, shapes: Array.from({ length: 21 }, () => arrow) }] }],
    ['201 drawings', { drawings: Array.from({ length: 201 }, () => ({ time: 1, shapes: [arrow] })) }],
    ['a moment after the video', { drawings: [{ time: 60, shapes: [arrow] }] }],
    ['a field the contract does not know', { drawings: [{ time: 1, shapes: [{ ...arrow, width: 3 }] }] }],
  ])('refuses %s with a 400 and keeps what was there', async (_case, payload) => {
    const before = await read(coach);
    const refused = await patch(coach, payload);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(await read(coach)).toEqual(before);
  });

  it('says why in Polish', async () => {
    const refused = await patch(coach, { drawings: [{ time: 1, shapes: [{ ...arrow, x2: 1.2 }] }] }, 'pl');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Rysunek mieści się w kadrze');
  });

  it('keeps the drawings in time order, lets the student read but not change them, and keeps them through a re-run', async () => {
    const saved = await patch(coach, {
      drawings: [
        { time: 1.5, shapes: [arrow, circle] },
        { time: 0.4, shapes: [{ kind: 'line', colour: 'white', x1: 0, y1: 0, x2: 1, y2: 1 }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const drawings = saved.json<AnalysisResult>().drawings;
    expect(drawings).toEqual([
      { id: 2, time: 0.4, shapes: [{ kind: 'line', colour: 'white', x1: 0, y1: 0, x2: 1, y2: 1 }] },
      { id: 1, time: 1.5, shapes: [arrow, { ...circle, colour: 'red' }] },
    ]);
    expect((await read(coach)).drawings).toEqual(drawings);

    // The athlete reads them and may not change them.
    expect((await read(student)).drawings).toEqual(drawings);
    expect((await patch(student, { drawings: [] })).statusCode).toBe(403);

    // Deleting one: the list sent replaces the stored one, ids kept.
    const kept = await patch(coach, { drawings: [drawings?.[1]] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<AnalysisResult>().drawings).toEqual([drawings?.[1]]);

    await analyseNow();
    expect((await read(coach)).drawings).toEqual([drawings?.[1]]);
    expect((await read(student)).drawings).toEqual([drawings?.[1]]);
  });
});
