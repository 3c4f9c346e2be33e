import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AnalysisResult } from '@openmat/contract/analysis';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { expect, vi } from 'vitest';
import type { App } from '../../src/app.js';
import { signUp, type SignedIn } from './accounts.js';
import { classUnderWay } from './sessions.js';

const run = promisify(execFile);

/** Small real recordings made by ffmpeg once per test file: a test pattern with a tone. */
export interface Clips {
  /** H.264/AAC MP4: browsers play it as it is. */
  mp4: Buffer;
  /** MPEG-4 part 2 in AVI: browsers cannot play it, so it is converted. */
  avi: Buffer;
  /** A JPEG photo: an image, not a video. */
  jpeg: Buffer;
}

export async function makeClips(seconds = 1): Promise<Clips> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openmat-clips-'));
  const source = ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=15:duration=${seconds}`];
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  const mp4 = path.join(dir, 'clip.mp4');
  const avi = path.join(dir, 'clip.avi');
  const jpeg = path.join(dir, 'photo.jpg');
  await run('ffmpeg', [
    ...quiet,
    ...source,
    ...tone,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    mp4,
  ]);
  await run('ffmpeg', [...quiet, ...source, ...tone, '-c:v', 'mpeg4', '-c:a', 'mp3', '-shortest', avi]);
  await run('ffmpeg', [...quiet, ...source, '-frames:v', '1', jpeg]);
  return { mp4: await readFile(mp4), avi: await readFile(avi), jpeg: await readFile(jpeg) };
}

export interface FilePart {
  name?: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body with the text fields and the file parts in the given order. */
export function multipart(parts: Array<[string, string] | FilePart>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----openmat-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (Array.isArray(part)) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name ?? 'videoFile'}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a sparring roll of the athlete in the blue gi as `who`, and answers the video's id. */
export async function uploadRoll(app: App, who: SignedIn, data: Buffer, description?: string): Promise<number> {
  const { payload, headers } = multipart([
    ['studentIdentifier', 'blue gi'],
    ...(description === undefined ? [] : [['description', description] as [string, string]]),
    { filename: 'roll.mp4', type: 'video/mp4', data },
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/vid/api/video/upload-sparring',
    headers: { ...who.auth, ...headers },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return uploaded.json<VideoUploadResponse>().videoId;
}

/** Shares `who`'s video with fighters (`{ fighterIds }`) or with a class (`{ sessionId }`). */
export async function shareVideo(
  app: App,
  who: SignedIn,
  videoId: number,
  withWhom: { fighterIds: number[] } | { sessionId: number },
): Promise<void> {
  const shared = await app.inject({
    method: 'POST',
    url: `/vid/api/video/${videoId}/share`,
    headers: who.auth,
    payload: withWhom,
  });
  expect(shared.statusCode, shared.body).toBe(200);
}

/** Asks for the video's analysis as `who` (in `language`, where given) and waits until it has completed. */
export async function analyseUntilCompleted(
  app: App,
  who: SignedIn,
  videoId: number,
  { language, interval = 250 }: { language?: string; interval?: number } = {},
): Promise<void> {
  const asked = await app.inject({
    method: 'POST',
    url: `/vid/api/video/analyze/${videoId}`,
    headers: language === undefined ? who.auth : { ...who.auth, 'accept-language': language },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  await vi.waitFor(
    async () => {
      const video = (
        await app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth })
      ).json<UploadedVideo>();
      expect(video.analysis.status).toBe('completed');
    },
    { timeout: 60_000, interval },
  );
}

/** The video's feedback (its analysis) as `who` reads it, in `language` where given. */
export function feedback(app: App, who: SignedIn, videoId: number, language?: string) {
  return app.inject({
    method: 'GET',
    url: `/vid/api/video/${videoId}/feedback`,
    headers: language === undefined ? who.auth : { ...who.auth, 'accept-language': language },
  });
}

/** The video's analysis as `who` reads it, in `language` where given; it must be there to read. */
export async function readFeedback(
  app: App,
  who: SignedIn,
  videoId: number,
  language?: string,
): Promise<AnalysisResult> {
  const answer = await feedback(app, who, videoId, language);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AnalysisResult>();
}

export interface SharedRoll {
  coach: SignedIn;
  student: SignedIn;
  videoId: number;
}

/**
 * Coach Ana's roll (`description`, where given), shared with her class under way, in which her student
 * Kuba Nowak is checked in: so he may watch it and read its analysis.
 */
export async function coachRollSharedWithClass(app: App, description?: string): Promise<SharedRoll> {
  const coach = await signUp(app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
  const student = await signUp(app, { fighterName: 'Kuba Nowak' });
  const clips = await makeClips(2);
  const videoId = await uploadRoll(app, coach, clips.mp4, description);
  const session = await classUnderWay(app, coach, [student]);
  await shareVideo(app, coach, videoId, { sessionId: session.id });
  return { coach, student, videoId };
}
