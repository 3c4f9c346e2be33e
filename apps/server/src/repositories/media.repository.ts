/**
 * The system's ffprobe and ffmpeg: what a file holds by its content (never by its name or type), a
 * poster image, and a browser-playable H.264/AAC MP4 with faststart.
 */
import { execFile, spawn } from 'node:child_process';
import { z } from 'zod';
import { parseJson } from '../lib/parse-json.js';

/** What ffprobe found in a file that holds a video. */
export interface MediaInfo {
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "avi". */
  formatName: string;
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  durationSeconds: number | null;
  /** Whether browsers play the file as it is (H.264 or AV1 in MP4, VP8/VP9/AV1 in WebM). */
  browserPlayable: boolean;
}

const ProbeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).loose().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).loose().optional(),
});

/** Containers that only ever hold single pictures or image sequences: a photo is not a video. */
const PICTURE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp)(,|$)/;

const MP4_VIDEO = new Set(['h264', 'av1']);
const MP4_AUDIO = new Set(['aac', 'mp3', 'opus']);
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);

function playable(formatName: string, videoCodec: string, audioCodec: string | null): boolean {
  const formats = formatName.split(',');
  if (formats.includes('mp4') || formats.includes('mov')) {
    return MP4_VIDEO.has(videoCodec) && (audioCodec === null || MP4_AUDIO.has(audioCodec));
  }
  if (formats.includes('webm')) {
    return WEBM_VIDEO.has(videoCodec) && (audioCodec === null || WEBM_AUDIO.has(audioCodec));
  }
  return false;
}

/** Runs a tool to its end; its output as bytes, or an error ending with the last lines it wrote to stderr. */
function run(command: string, args: readonly string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'buffer' },
      (error, stdout, stderr) => {
        if (error) {
          const reason = stderr.toString('utf8').trim().split('\n').slice(-3).join(' ');
          reject(new Error(`${command} failed: ${reason || error.message}`));
        } else resolve(stdout);
      },
    );
  });
}

/** A file ffmpeg cannot decode to the end: another try would fail the same way. */
export class UndecodableVideo extends Error {
  override name = 'UndecodableVideo';
}

export class MediaRepository {
  constructor(
    private readonly ffprobe = 'ffprobe',
    private readonly ffmpeg = 'ffmpeg',
  ) {}

  /** The video in a file, or null when the file holds none (a photo, a text file, random bytes). */
  async probe(file: string): Promise<MediaInfo | null> {
    let stdout: string;
    try {
      const output = await run(
        this.ffprobe,
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
        60_000,
      );
      stdout = output.toString('utf8');
    } catch {
      return null;
    }
    const json = parseJson(stdout);
    const parsed = json.ok ? ProbeOutput.safeParse(json.value) : null;
    if (!parsed?.success) return null;
    const formatName = parsed.data.format?.format_name ?? '';
    if (formatName === '' || PICTURE_FORMATS.test(formatName)) return null;
    const video = parsed.data.streams.find(
      (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && stream.codec_name,
    );
    if (!video?.codec_name || !video.width || !video.height) return null;
    const audio = parsed.data.streams.find((stream) => stream.codec_type === 'audio');
    const duration = Number(parsed.data.format?.duration);
    const audioCodec = audio?.codec_name ?? null;
    return {
      formatName,
      videoCodec: video.codec_name,
      audioCodec,
      width: video.width,
      height: video.height,
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
      browserPlayable: playable(formatName, video.codec_name, audioCodec),
    };
  }

  /** A JPEG poster from `atSeconds` into the video, at most 640 pixels wide. */
  async poster(input: string, output: string, atSeconds: number): Promise<void> {
    await run(
      this.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-ss',
        atSeconds.toFixed(2),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(640,iw)':-2",
        '-q:v',
        '4',
        output,
      ],
      120_000,
    );
  }

  /** A JPEG still from `atSeconds` into the video, at most `width` pixels wide, as bytes. */
  async still(input: string, atSeconds: number, width: number): Promise<Buffer> {
    const jpeg = await run(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-ss', atSeconds.toFixed(2), '-i', input],
        ...['-frames:v', '1', '-vf', `scale='min(${width},iw)':-2`, '-q:v', '5'],
        ...['-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
      ],
      60_000,
    );
    if (jpeg.length === 0) throw new Error(`no frame at ${atSeconds.toFixed(2)} s`);
    return jpeg;
  }

  /**
   * An H.264/AAC MP4 with its index at the front (faststart), so that it plays while it downloads.
   * `onProgress` gets the share done, 0 to 1, from ffmpeg's progress report.
   */
  transcode(
    input: string,
    output: string,
    durationSeconds: number | null,
    onProgress?: (share: number) => void,
  ): Promise<void> {
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      // Even dimensions, which yuv420p needs.
      '-vf',
      'scale=trunc(iw/2)*2:trunc(ih/2)*2',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-progress',
      'pipe:1',
      '-nostats',
      output,
    ];
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        errors = (errors + chunk).slice(-2000);
      });
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const micros = /out_time_us=(\d+)/.exec(chunk)?.[1];
        if (onProgress && micros && durationSeconds) {
          onProgress(Math.min(1, Number(micros) / 1e6 / durationSeconds));
        }
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg failed (${String(code)}): ${errors.trim().split('\n').slice(-3).join(' ')}`));
      });
    });
  }

  /**
   * The video's frames, `framesPerSecond` of them a second, scaled to fit `width` x `height` (letterboxed,
   * so every frame has that size) as raw RGB, one at a time: ffmpeg decodes while the caller works on
   * the previous frame, and only one frame is held at once. A file ffmpeg cannot decode throws.
   */
  async *sampleFrames(
    input: string,
    { framesPerSecond, width, height }: { framesPerSecond: number; width: number; height: number },
  ): AsyncGenerator<{ time: number; width: number; height: number; rgb: Uint8Array }> {
    const filter =
      `fps=${String(framesPerSecond)},scale=${String(width)}:${String(height)}:force_original_aspect_ratio=decrease,` +
      `pad=${String(width)}:${String(height)}:(ow-iw)/2:(oh-ih)/2`;
    const child = spawn(
      this.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        input,
        '-an',
        '-vf',
        filter,
        '-pix_fmt',
        'rgb24',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const frameBytes = width * height * 3;
    let frame = new Uint8Array(frameBytes);
    let filled = 0;
    let index = 0;
    try {
      for await (const chunk of child.stdout) {
        const bytes: Uint8Array = chunk instanceof Uint8Array ? chunk : new Uint8Array(0);
        let offset = 0;
        while (offset < bytes.length) {
          const take = Math.min(frameBytes - filled, bytes.length - offset);
          frame.set(bytes.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === frameBytes) {
            yield { time: index / framesPerSecond, width, height, rgb: frame };
            index++;
            frame = new Uint8Array(frameBytes);
            filled = 0;
          }
        }
      }
      const code = await exited;
      if (code !== 0) {
        throw new UndecodableVideo(
          `ffmpeg could not decode the video (${String(code)}): ${errors.trim().split('\n').slice(-2).join(' ')}`,
        );
      }
    } finally {
      // The caller stopped early (a failure, a deleted video): ffmpeg stops too.
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}
