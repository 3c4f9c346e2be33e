import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AnalysisResult } from '@openmat/contract/analysis';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { chatCompletion, sendJson, startOpenAiLoopback, type OpenAiLoopback } from './support/openai-loopback.js';
import { rememberedPose } from './support/remembered-pose.js';
import { multipart } from './support/videos.js';

const run = promisify(execFile);

/** The chat-completions request as the analysis sends it. */
interface ChatBody {
  model: string;
  messages: Array<{
    role: string;
    content: string | Array<{ type: string; text?: string; image_url?: { url: string } }>;
  }>;
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
}

/** A small OpenAI-compatible server on 127.0.0.1 (test/support/openai-loopback.ts). */
let loopback: OpenAiLoopback;
/**
 * The real pose model, once per frame of the one clip every test uploads: these tests are about the
 * vision model around it, and the local analysis of that clip is the same every time.
 */
const pose = rememberedPose();
const bodies = () => loopback.seen.map((request) => request.body as ChatBody);

const completion =
  (content: string | null, refusal: string | null = null) =>
  (response: ServerResponse) =>
    sendJson(response, 200, chatCompletion(content, { refusal, model: 'vision-model' }));
const overloaded = (response: ServerResponse) =>
  sendJson(response, 503, { error: { message: 'The server is overloaded', type: 'server_error' } });

const FINDINGS = {
  techniques: [
    {
      name: 'Double-leg takedown',
      description: 'You shot in on the partner.',
      techniqueType: { name: 'Takedown', positionalScenarioId: 1 },
      positionalScenario: { id: 1, name: 'Standing' },
      startTimestamp: '00:00:00',
      endTimestamp: '00:00:02',
      confidence: 0.7,
    },
  ],
  drills: [
    {
      name: 'Penetration steps',
      focus: 'Takedowns',
      duration: '5 minutes',
      description: 'Level change and step in.',
      relatedTechniqueName: 'Double-leg takedown',
      relatedTechniqueId: 1,
    },
  ],
  overallDescription: 'A good entry; keep your head up.',
  strengths: [{ description: 'Committed shot', relatedTechniqueId: 1 }],
  areasForImprovement: [
    { description: 'Head position on the shot', weaknessCategory: 'takedown-defense', relatedTechniqueId: null },
  ],
};

beforeAll(async () => {
  loopback = await startOpenAiLoopback();
});
afterAll(async () => {
  await loopback.close();
  await pose.close();
});
beforeEach(() => {
  loopback.reset();
});

/** Three seconds of a real photograph of three people, as an MP4: the pose model finds them. */
async function peopleClip(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openmat-people-'));
  const file = path.join(dir, 'people.mp4');
  const photo = fileURLToPath(new URL('./fixtures/people/three-people.jpg', import.meta.url));
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', photo, '-t', '3', '-r', '5'],
    ...['-vf', 'scale=640:-2,format=yuv420p', '-c:v', 'libx264', file],
  ]);
  return readFile(file);
}

describe.each(databaseTargets)('video analysis by a vision model on $dialect', { timeout: 60_000 }, (target) => {
  let ctx: TestContext;
  let student: SignedIn;
  let clip: Buffer;

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      env: {
        AI_BASE_URL: loopback.baseUrl,
        AI_VIDEO_MODEL: 'vision-model',
        AI_API_KEY: 'vision-key',
        AI_TIMEOUT_MS: '5000',
      },
      poseDetector: pose.detector,
    });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    clip = await peopleClip();
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  async function analysed(): Promise<{ videoId: number; result: AnalysisResult }> {
    const { payload, headers } = multipart([
      ['studentIdentifier', 'blue gi'],
      ['description', `Roll ${Math.random().toString(16).slice(2)}`],
      { filename: 'roll.mp4', type: 'video/mp4', data: Buffer.concat([clip, Buffer.from(Math.random().toString())]) },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...student.auth, ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const videoId = uploaded.json<VideoUploadResponse>().videoId;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/vid/api/video/analyze/${videoId}`,
      headers: student.auth,
    });
    expect(asked.statusCode).toBe(202);
    return { videoId, result: await completed(videoId) };
  }

  async function completed(videoId: number): Promise<AnalysisResult> {
    await vi.waitFor(
      async () => {
        const video = (
          await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: student.auth })
        ).json<UploadedVideo>();
        expect(video.analysis, JSON.stringify(video.analysis)).toMatchObject({ status: 'completed' });
      },
      { timeout: 45_000, interval: 200 },
    );
    return (
      await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}/feedback`, headers: student.auth })
    ).json<AnalysisResult>();
  }

  it('sends stills and the local timeline in the chat-completions format and stores its checked findings', async () => {
    loopback.queue = [completion(JSON.stringify(FINDINGS))];
    const { result } = await analysed();
    expect(loopback.seen).toHaveLength(1);
    const [call] = loopback.seen;
    const [body] = bodies();
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer vision-key');
    expect(body?.model).toBe('vision-model');
    expect(body?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'sparring_analysis', strict: true },
    });
    const user = body?.messages.find((message) => message.role === 'user');
    const parts = Array.isArray(user?.content) ? user.content : [];
    const images = parts.filter((part) => part.type === 'image_url');
    expect(images).toHaveLength(8);
    for (const image of images) expect(image.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const facts = JSON.parse(parts.find((part) => part.type === 'text')?.text ?? '{}') as Record<string, unknown>;
    expect(facts).toMatchObject({ durationSeconds: 3, studentIdentifier: 'blue gi' });
    expect(facts.positionTimeline).toEqual(expect.any(Array));

    expect(result.analyzer?.name).toBe('vision-model');
    expect(result.techniques).toEqual([{ ...FINDINGS.techniques[0], id: 1, knowledgeId: null }]);
    expect(result.drills[0]).toMatchObject({ id: 1, relatedTechniqueId: 1 });
    expect(result.areasForImprovement[0]?.weaknessCategory).toBe('takedown-defense');
    // The keywords are the knowledge base's words for the weakness, as the local analyser writes them.
    expect(result.areasForImprovement[0]?.keywords).toContain('takedown defense');
    // The people and the positions are still the local analyser's.
    expect(result.athletes?.found).toBeGreaterThanOrEqual(2);
    expect(result.positionTimeline?.length).toBeGreaterThan(0);
  });

  it('keeps the local result when the answer is garbage, and does not pay for a second answer', async () => {
    loopback.queue = [completion('Sure! Here is the analysis: {"techniques": [')];
    const { result } = await analysed();
    expect(loopback.seen).toHaveLength(1);
    expect(result.analyzer?.name).toBe('openmat-local');
    expect(result.athletes?.found).toBeGreaterThanOrEqual(2);
  });

  it('keeps the local result for findings outside the video or a refusal', async () => {
    const late = { ...FINDINGS, techniques: [{ ...FINDINGS.techniques[0], endTimestamp: '00:05:00' }] };
    loopback.queue = [completion(JSON.stringify(late))];
    expect((await analysed()).result.analyzer?.name).toBe('openmat-local');
    loopback.queue = [completion(null, 'I cannot identify people in images.')];
    expect((await analysed()).result.analyzer?.name).toBe('openmat-local');
    expect(loopback.seen).toHaveLength(2);
  });

  it('tries again when the API fails without answering, a bounded number of times', async () => {
    loopback.queue = [overloaded, completion(JSON.stringify(FINDINGS))];
    expect((await analysed()).result.analyzer?.name).toBe('vision-model');
    expect(loopback.seen).toHaveLength(2);
    loopback.seen.length = 0;
    loopback.queue = [overloaded];
    expect((await analysed()).result.analyzer?.name).toBe('openmat-local');
    expect(loopback.seen).toHaveLength(3);
  });

  it('reads the kept answer when the job runs again after a crash, instead of asking the model again', async () => {
    loopback.queue = [completion(JSON.stringify(FINDINGS))];
    const { videoId, result } = await analysed();
    expect(loopback.seen).toHaveLength(1);
    // As if the worker died after the answer came: the job is running, its lease has run out.
    const { db } = ctx.database;
    await db
      .updateTable('video_analyses')
      .set({ status: 'running', progress: 0.5 })
      .where('video_id', '=', videoId)
      .execute();
    await db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: '2000-01-01T00:00:00.000Z', lock_token: 'dead-worker' })
      .where('name', '=', 'video.analyze')
      .where('job_key', '=', String(videoId))
      .execute();
    loopback.queue = [completion(JSON.stringify({ ...FINDINGS, overallDescription: 'A second, billed answer' }))];
    expect(await completed(videoId)).toEqual(result);
    expect(loopback.seen).toHaveLength(1);
  });
});
