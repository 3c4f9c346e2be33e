import type { AnalysisResult, PositionSegment } from '@openmat/contract/analysis';
import type { UploadedVideo } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFindings } from '../src/analysis/findings.js';
import { analysisKnowledge } from '../src/services/analysis-knowledge.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { classUnderWay } from './support/sessions.js';
import {
  analyseUntilCompleted,
  makeClips,
  readFeedback,
  shareVideo,
  uploadRoll,
  type Clips,
} from './support/videos.js';

/**
 * Issue 20, part 3: the analysis is kept as decisions and read in the reader's language. The analyser
 * writes in the language of whoever asked; a Polish reader of an English analysis reads the analyser's
 * words in Polish, while whatever a coach typed stays as typed, in both directions.
 */
let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(2);
});

const segment = (position: PositionSegment['position'], top: PositionSegment['top'], start: number, end: number) => ({
  position,
  top,
  start,
  end,
  confidence: 0.8,
});
/** The partner pulls guard, the student passes and mounts, is reversed, and escapes. */
const ROLL: PositionSegment[] = [
  segment('standing', null, 0, 0.4),
  segment('closed-guard', 'student', 0.4, 0.8),
  segment('side-control', 'student', 0.8, 1.2),
  segment('mount', 'student', 1.2, 1.6),
  segment('half-guard', 'partner', 1.6, 2),
];

describe.each(databaseTargets)('the analysis in the reader’s language on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp(target);
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    await classUnderWay(ctx.app, coach, [student]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The student's roll, shared with the coach and analysed at the student's request, in English. */
  async function analysedRoll(): Promise<number> {
    const data = Buffer.concat([clips.mp4, Buffer.from(String(Math.random()))]);
    const videoId = await uploadRoll(ctx.app, student, data);
    await shareVideo(ctx.app, student, videoId, { fighterIds: [coach.fighterId] });
    await analyseUntilCompleted(ctx.app, student, videoId, { language: 'en' });
    return videoId;
  }

  const read = (videoId: number, who: SignedIn, language: string) => readFeedback(ctx.app, who, videoId, language);

  /** The analysis of the video as the uploader's list of videos, and the video alone, give it in `language`. */
  async function listed(videoId: number, language: string): Promise<AnalysisResult[]> {
    const headers = { ...student.auth, 'accept-language': language };
    const list = await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers });
    const one = await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers });
    const videos = [...list.json<UploadedVideo[]>().filter((video) => video.id === videoId), one.json<UploadedVideo>()];
    expect(videos).toHaveLength(2);
    return videos.map((video) => JSON.parse(video.aiAnalysisResult ?? 'null') as AnalysisResult);
  }

  /** The decisions of an analyser that saw the two athletes roll `ROLL` in this video, told apart as given. */
  async function decisionsFor(videoId: number, identification: 'ambiguous' | 'unseen') {
    const video = (
      await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: student.auth })
    ).json<UploadedVideo>();
    return {
      timeline: ROLL,
      durationSeconds: video.durationSeconds ?? 0,
      framesPerSecond: ctx.config.analysisFramesPerSecond,
      athletes: { found: 2, identification, colour: 'blue' as const },
      analyzer: { name: 'openmat-local', version: 'test' },
    };
  }

  /** Stores `result` as the video's analysis and as the analyser's own layer, as when it completed. */
  async function storeAnalysis(videoId: number, result: AnalysisResult): Promise<void> {
    const json = JSON.stringify(result);
    await ctx.database.db.updateTable('videos').set({ ai_analysis_result: json }).where('id', '=', videoId).execute();
    await ctx.database.db
      .updateTable('video_analyses')
      .set({ analyzer_result: json })
      .where('video_id', '=', videoId)
      .execute();
  }

  it('reads the analyser’s own summary in Polish, though it was asked for in English', async () => {
    // Nobody is in a test pattern: the analyser says so.
    const videoId = await analysedRoll();
    const english = await read(videoId, student, 'en');
    expect(english.overallDescription).toMatch(/^No athletes were found/);
    const polish = await read(videoId, student, 'pl');
    expect(polish.overallDescription).toMatch(/^W tym nagraniu nie znaleziono zawodników/);
    expect(polish.athletes?.note).toMatch(/nie dało się odróżnić ucznia od partnera/);
    expect(polish.language).toBe('pl');
    expect(await listed(videoId, 'pl')).toEqual([polish, polish]);
    expect(await listed(videoId, 'en')).toEqual([english, english]);
  });

  it('writes every untouched finding in the reader’s language and keeps what a coach typed, either way', async () => {
    const videoId = await analysedRoll();
    // As if the analyser had seen the two athletes roll: its result for this timeline, in English.
    const decisions = await decisionsFor(videoId, 'ambiguous');
    const english = buildFindings({ ...decisions, language: 'en' }, analysisKnowledge);
    const polish = buildFindings({ ...decisions, language: 'pl' }, analysisKnowledge);
    expect(english.techniques.length).toBeGreaterThan(1);
    await storeAnalysis(videoId, english);

    const forStudent = await read(videoId, student, 'pl');
    expect(forStudent.overallDescription).toBe(polish.overallDescription);
    expect(forStudent.techniques.map((t) => [t.name, t.description, t.positionalScenario.name])).toEqual(
      polish.techniques.map((t) => [t.name, t.description, t.positionalScenario.name]),
    );
    expect(forStudent.strengths).toEqual(polish.strengths);
    expect(forStudent.areasForImprovement).toEqual(polish.areasForImprovement);
    expect(forStudent.drills).toEqual(polish.drills);
    expect(await read(videoId, student, 'en')).toEqual(english);

    // A Polish coach renames one technique and rewrites the summary, sending the list as they read it.
    const [first, ...others] = forStudent.techniques;
    if (!first) throw new Error('no technique');
    const corrected = await ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: { ...coach.auth, 'accept-language': 'pl' },
      payload: { techniques: [{ ...first, name: 'Balacha' }, ...others], overallDescription: 'Dobra robota.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<AnalysisResult>().techniques.slice(1)).toEqual(forStudent.techniques.slice(1));

    const inEnglish = await read(videoId, student, 'en');
    expect(inEnglish.overallDescription).toBe('Dobra robota.');
    expect(inEnglish.techniques.map((t) => t.name)).toEqual([
      'Balacha',
      ...english.techniques.slice(1).map((t) => t.name),
    ]);
    const inPolish = await read(videoId, student, 'pl');
    expect(inPolish.overallDescription).toBe('Dobra robota.');
    expect(inPolish.techniques.map((t) => t.name)).toEqual([
      'Balacha',
      ...polish.techniques.slice(1).map((t) => t.name),
    ]);

    // A coach relabels a band of the ribbon: the analyser's words were written from its own ribbon, so
    // they are still read in the reader's language.
    const relabelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: coach.auth,
      payload: {
        positionTimeline: ROLL.map((segment, index) =>
          index === 3 ? { ...segment, position: 'unclear', top: null } : segment,
        ),
      },
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    const relabelledInPolish = await read(videoId, student, 'pl');
    expect(relabelledInPolish.techniques.map((t) => t.name)).toEqual([
      'Balacha',
      ...polish.techniques.slice(1).map((t) => t.name),
    ]);
    // The list of videos gives the same analysis as the review, in the reader's language.
    expect(await listed(videoId, 'pl')).toEqual([relabelledInPolish, relabelledInPolish]);
  });

  it('says in the reader’s language that one athlete’s clothes were never seen, not that the colour could not be told', async () => {
    const videoId = await analysedRoll();
    const decisions = await decisionsFor(videoId, 'unseen');
    const english = buildFindings({ ...decisions, language: 'en' }, analysisKnowledge);
    expect(english.athletes).toEqual({
      found: 2,
      studentIdentified: false,
      clothesSeen: false,
      note: 'The clothes of one athlete were never seen clearly enough to look for "blue", so the findings are told from the side of the athlete who started on the left.',
    });
    expect(english.overallDescription).toContain(english.athletes?.note);
    expect(english.overallDescription).not.toMatch(/could not be told from the footage/);
    await storeAnalysis(videoId, english);
    const polish = await read(videoId, student, 'pl');
    expect(polish.athletes?.note).toBe(
      'Ubrania jednego z zawodników nie było widać na tyle wyraźnie, by szukać koloru niebieskiego, więc wnioski opisano z perspektywy zawodnika, który zaczynał po lewej.',
    );
    expect(polish.overallDescription).toBe(
      buildFindings({ ...decisions, language: 'pl' }, analysisKnowledge).overallDescription,
    );
  });
});
