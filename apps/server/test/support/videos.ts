import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
