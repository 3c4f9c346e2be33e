import { AnalysisResult } from '@openmat/contract/analysis';
import type { UploadedVideo } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { analyseUntilCompleted, coachRollSharedWithClass, feedback } from './support/videos.js';

describe.each(databaseTargets)("re-running an analysis keeps the coach's work on $dialect", (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;
  let videoId: number;

  beforeAll(async () => {
    // No wait between two runs of one video, so the test can run it again at once.
    ctx = await createTestApp(target, { env: { ANALYSIS_RERUN_SECONDS: '0' } });
    // The student trains in the coach's class (under way), so the coach may share the roll with her.
    ({ coach, student, videoId } = await coachRollSharedWithClass(ctx.app, 'Friday roll'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const analyseNow = () => analyseUntilCompleted(ctx.app, coach, videoId);
  const read = async (who: SignedIn) => (await feedback(ctx.app, who, videoId)).json<AnalysisResult>();

  it('keeps a corrected span, an added technique, a comment and a rewritten summary, and the athlete reads them', async () => {
    await analyseNow();
    const ribbon = [
      { position: 'closed-guard', top: 'partner', start: 0, end: 1 },
      { position: 'mount', top: 'student', start: 1, end: 2 },
    ];
    const armbar = {
      name: 'Armbar',
      description: 'From mount',
      techniqueType: { name: 'Submission' },
      positionalScenario: { name: 'Mount' },
      startTimestamp: '00:00:01',
      endTimestamp: '00:00:02',
    };
    const corrected = await ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: coach.auth,
      payload: {
        positionTimeline: ribbon,
        techniques: [armbar],
        comments: [{ time: 1.2, text: 'Hips up before the arm' }],
        overallDescription: 'Patient from the top.',
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const before = corrected.json<AnalysisResult>();

    // A student it was shared with reads it, and may not edit it.
    const byStudent = await ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: student.auth,
      payload: { comments: [] },
    });
    expect(byStudent.statusCode).toBe(403);

    await analyseNow();
    const after = await read(coach);
    expect(after.positionTimeline).toEqual(ribbon.map((band) => ({ ...band, confidence: 1 })));
    expect(after.techniques).toEqual(before.techniques);
    expect(after.techniques[0]).toMatchObject({ name: 'Armbar', startTimestamp: '00:00:01' });
    expect(after.comments).toEqual([{ id: 1, time: 1.2, text: 'Hips up before the arm', authorName: 'Coach Ana' }]);
    expect(after.overallDescription).toBe('Patient from the top.');
    expect(await read(student)).toEqual(after);

    // The analyser's own layer is its result alone.
    const layer = await ctx.database.db
      .selectFrom('video_analyses')
      .select('analyzer_result')
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    const analyser = AnalysisResult.parse(JSON.parse(layer.analyzer_result ?? 'null'));
    expect(analyser.comments).toBeUndefined();
    expect(analyser.techniques).toEqual([]);
  });
});

describe.each(databaseTargets)(
  'an analysis asked for again while the last one is being finished, on $dialect',
  (target) => {
    let ctx: TestContext;
    let coach: SignedIn;
    let videoId: number;
    /** Set while a test holds the analysis job after its result is stored, before the queue hears it ended. */
    let hold: Promise<void> | null = null;
    let runs = 0;

    beforeAll(async () => {
      ctx = await createTestApp(target, {
        env: { ANALYSIS_RERUN_SECONDS: '0' },
        // The app's own work, with the analysis held where the test says: after its result is stored.
        jobHandlers: (registry, services) => {
          registry.register('video.process', { run: ({ videoId: id }) => services.videos.process(id) });
          registry.register('video.analyze', {
            run: async ({ videoId: id }) => {
              await services.analysis.run(id);
              runs += 1;
              await hold;
            },
          });
        },
      });
      ({ coach, videoId } = await coachRollSharedWithClass(ctx.app, 'Saturday roll'));
    });
    afterAll(async () => {
      await ctx.close();
    });

    const statusNow = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: coach.auth })
      ).json<UploadedVideo>().analysis.status;

    it('runs it once more: the request is not lost to the job that is ending', async () => {
      let release: () => void = () => undefined;
      hold = new Promise((resolve) => {
        release = resolve;
      });
      await analyseUntilCompleted(ctx.app, coach, videoId);
      // The result is stored and shown; the job that stored it has not ended yet.
      await vi.waitFor(() => expect(runs).toBe(1));
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/analyze/${videoId}`,
        headers: coach.auth,
      });
      expect(again.statusCode, again.body).toBe(202);
      expect(await statusNow()).toBe('queued');

      hold = null;
      release();
      await vi.waitFor(() => expect(runs).toBe(2), { timeout: 60_000, interval: 100 });
      await vi.waitFor(async () => expect(await statusNow()).toBe('completed'), { timeout: 60_000, interval: 100 });
    });
  },
);
