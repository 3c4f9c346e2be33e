/**
 * The system's ffprobe and ffmpeg: what a file holds by its content (never by its name or type), a
 * poster image, and a browser-playable H.264/AAC MP4 with faststart.
 *
 * Only real video containers are ever opened (docs/decisions/0024-media-inputs-and-budgets.md): the probe
 * lets ffprobe pick among an allow-list of demuxers, every later run names the demuxer the probe found,
 * and every input may use the `file` protocol alone. A playlist, a manifest or a concat list that points
 * at another file (another user's video, say) is therefore never followed. Every run has a wall-clock
 * budget from the clip's length and reads no more than that length.
 */
import { spawn } from 'node:child_process';
import { z } from 'zod';
import { parseJson } from '../lib/parse-json.js';

/**
 * The demuxers an upload may be read with, by the container names ffprobe reports: MP4/MOV/3GP,
 * Matroska/WebM, AVI, MPEG program streams and MPEG transport streams. Nothing else is a video here.
 */
const DEMUXERS = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  'matroska,webm': 'matroska',
  avi: 'avi',
  mpeg: 'mpeg',
  mpegts: 'mpegts',
} as const;
export type Demuxer = (typeof DEMUXERS)[keyof typeof DEMUXERS];
const DEMUXER_NAMES: readonly Demuxer[] = [...new Set(Object.values(DEMUXERS))];

/**
 * Demuxers that read other files or addresses named inside the input (playlists, manifests, concat
 * lists, image sequences): refused by name as well, should a probe ever report one.
 */
const REFERENCE_DEMUXERS =
  /(^|,)(hls|applehttp|dash|concat|ffconcat|image2|image2pipe|imagepipe|sdp|rtp|rtsp|tee|data|lavfi|mpl2|webm_dash_manifest|ifv|mmf)(,|$)/;

/** The demuxer for a format name of ffprobe's, or null when it is not a video container we read. */
export function demuxerFor(formatName: string): Demuxer | null {
  if (REFERENCE_DEMUXERS.test(formatName)) return null;
  return Object.entries(DEMUXERS).find(([name]) => name === formatName)?.[1] ?? null;
}

/** Input options every run gets: the `file` protocol only, and the demuxer named. */
function inputArgs(source: MediaSource, limitSeconds: number): string[] {
  return [
    ...['-protocol_whitelist', 'file', '-f', source.demuxer],
    // Never more than the clip claims to last: a file that lies about its length is cut there.
    ...['-t', limitSeconds.toFixed(2), '-i', `file:${source.path}`],
  ];
}

/** A stored video file as ffmpeg is allowed to read it. */
export interface MediaSource {
  path: string;
  demuxer: Demuxer;
  durationSeconds: number | null;
}

/** Limits of the media runs. */
export interface MediaLimits {
  /** The longest clip read, used where a file does not tell its length. */
  maxSeconds: number;
  /** Seconds of wall time a run gets, besides `secondsPerSecond` for each second of the clip. */
  baseSeconds: number;
  secondsPerSecond: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { maxSeconds: 3 * 3600, baseSeconds: 60, secondsPerSecond: 4 };

/** What ffprobe found in a file that holds a video. */
export interface MediaInfo {
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "avi". */
  formatName: string;
  /** The demuxer every later run names. */
  demuxer: Demuxer;
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

/** ffmpeg's exit code when a signal (SIGTERM, SIGINT) made it stop: it was stopped, the file is not at fault. */
const SIGNALLED_EXIT = 255;

/** A file ffmpeg cannot decode to the end: another try would fail the same way. */
export class UndecodableVideo extends Error {
  override name = 'UndecodableVideo';
}

/** A run that went over its wall-clock budget and was stopped: the clip takes more work than it may. */
export class MediaTimeout extends Error {
  override name = 'MediaTimeout';
  constructor(readonly budgetSeconds: number) {
    super(`ffmpeg was stopped after its time budget of ${String(Math.round(budgetSeconds))} s`);
  }
}

/** A run stopped because its caller gave up on it (the video was deleted). */
export class MediaAborted extends Error {
  override name = 'MediaAborted';
}

/**
 * A tool run under watch: stopped with SIGKILL when `signal` aborts or `budgetMs` passes. `ended` waits
 * for its exit and answers why it stopped when that was not the tool's own doing (MediaAborted,
 * MediaTimeout, or a signal from someone else, which another try may mend), or null. `errors` keeps the
 * end of what it wrote to stderr.
 */
function watched(command: string, args: readonly string[], budgetMs: number, signal: AbortSignal | undefined) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-2000);
  });
  let stoppedBy: 'budget' | 'caller' | null = null;
  const stop = (why: 'budget' | 'caller') => {
    stoppedBy ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop('budget'), budgetMs);
  const onAbort = () => stop('caller');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop('caller');
  const release = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  const ended = new Promise<{ code: number | null; stopped: Error | null }>((resolve, reject) => {
    child.on('error', (error) => {
      release();
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      release();
      let stopped: Error | null = null;
      if (stoppedBy === 'caller') stopped = new MediaAborted(`${command} was stopped by its caller`);
      else if (stoppedBy === 'budget') stopped = new MediaTimeout(budgetMs / 1000);
      else if (killedBy !== null || code === SIGNALLED_EXIT) {
        stopped = new Error(`${command} was stopped by ${killedBy ?? 'a signal'}; another try runs it again`);
      }
      resolve({ code, stopped });
    });
  });
  return { child, ended, errors: (lines: number) => errors.trim().split('\n').slice(-lines).join(' '), release };
}

/**
 * A run of ffmpeg or ffprobe: its stdout (bytes, or streamed to `onStdout`), stopped with SIGKILL when
 * `signal` aborts or `budgetMs` passes. Ends with the output, or an error that says which of these
 * happened: MediaAborted, MediaTimeout, a stop by someone else (retried), or the tool's own failure
 * with the last lines it wrote to stderr.
 */
async function runTool(
  command: string,
  args: readonly string[],
  { budgetMs, signal, onStdout }: { budgetMs: number; signal?: AbortSignal; onStdout?: (chunk: Buffer) => void },
): Promise<Buffer> {
  const run = watched(command, args, budgetMs, signal);
  const out: Buffer[] = [];
  let outBytes = 0;
  run.child.stdout.on('data', (chunk: Buffer) => {
    if (onStdout) onStdout(chunk);
    else if (outBytes < 16 * 1024 * 1024) {
      out.push(chunk);
      outBytes += chunk.length;
    }
  });
  const { code, stopped } = await run.ended;
  if (stopped) throw stopped;
  if (code !== 0) throw new Error(`${command} failed (${String(code)}): ${run.errors(3)}`);
  return Buffer.concat(out);
}

export class MediaRepository {
  constructor(
    private readonly limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
    private readonly ffprobe = 'ffprobe',
    private readonly ffmpeg = 'ffmpeg',
  ) {}

  /** The seconds of a clip a run reads: what it claims (and a little), or the longest allowed. */
  private lengthOf(source: MediaSource): number {
    return Math.min(this.limits.maxSeconds, (source.durationSeconds ?? this.limits.maxSeconds) + 2);
  }

  /** The wall-clock budget of a run over `seconds` of video, in milliseconds. */
  budgetMs(seconds: number): number {
    return (this.limits.baseSeconds + this.limits.secondsPerSecond * seconds) * 1000;
  }

  /**
   * The video in a file, or null when the file holds none (a photo, a text file, random bytes, a
   * playlist or manifest that points elsewhere, a container not on the allow-list).
   */
  async probe(file: string): Promise<MediaInfo | null> {
    let stdout: string;
    try {
      const output = await runTool(
        this.ffprobe,
        [
          ...['-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', DEMUXER_NAMES.join(',')],
          ...['-print_format', 'json', '-show_format', '-show_streams', `file:${file}`],
        ],
        { budgetMs: 60_000 },
      );
      stdout = output.toString('utf8');
    } catch {
      return null;
    }
    const json = parseJson(stdout);
    const parsed = json.ok ? ProbeOutput.safeParse(json.value) : null;
    if (!parsed?.success) return null;
    const formatName = parsed.data.format?.format_name ?? '';
    const demuxer = demuxerFor(formatName);
    if (demuxer === null) return null;
    const video = parsed.data.streams.find(
      (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && stream.codec_name,
    );
    if (!video?.codec_name || !video.width || !video.height) return null;
    const audio = parsed.data.streams.find((stream) => stream.codec_type === 'audio');
    const duration = Number(parsed.data.format?.duration);
    const audioCodec = audio?.codec_name ?? null;
    return {
      formatName,
      demuxer,
      videoCodec: video.codec_name,
      audioCodec,
      width: video.width,
      height: video.height,
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
      browserPlayable: playable(formatName, video.codec_name, audioCodec),
    };
  }

  /** A JPEG poster from `atSeconds` into the video, at most 640 pixels wide. */
  async poster(source: MediaSource, output: string, atSeconds: number, signal?: AbortSignal): Promise<void> {
    await runTool(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', atSeconds.toFixed(2)],
        ...inputArgs(source, this.lengthOf(source)),
        ...['-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '4', `file:${output}`],
      ],
      { budgetMs: this.budgetMs(0), signal },
    );
  }

  /** A JPEG still from `atSeconds` into the video, at most `width` pixels wide, as bytes. */
  async still(source: MediaSource, atSeconds: number, width: number, signal?: AbortSignal): Promise<Buffer> {
    const jpeg = await runTool(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-ss', atSeconds.toFixed(2)],
        ...inputArgs(source, this.lengthOf(source)),
        ...['-frames:v', '1', '-vf', `scale='min(${String(width)},iw)':-2`, '-q:v', '5'],
        ...['-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
      ],
      { budgetMs: this.budgetMs(0), signal },
    );
    if (jpeg.length === 0) throw new Error(`no frame at ${atSeconds.toFixed(2)} s`);
    return jpeg;
  }

  /**
   * An H.264/AAC MP4 with its index at the front (faststart), so that it plays while it downloads.
   * `onProgress` gets the share done, 0 to 1, from ffmpeg's progress report.
   */
  async transcode(
    source: MediaSource,
    output: string,
    { onProgress, signal }: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
  ): Promise<void> {
    const seconds = this.lengthOf(source);
    await runTool(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...inputArgs(source, seconds),
        ...['-map', '0:v:0', '-map', '0:a:0?'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
        // Even dimensions, which yuv420p needs.
        ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'],
        ...['-progress', 'pipe:1', '-nostats', `file:${output}`],
      ],
      {
        budgetMs: this.budgetMs(seconds),
        signal,
        onStdout: (chunk) => {
          const micros = /out_time_us=(\d+)/.exec(chunk.toString('utf8'))?.[1];
          if (onProgress && micros && source.durationSeconds) {
            onProgress(Math.min(1, Number(micros) / 1e6 / source.durationSeconds));
          }
        },
      },
    );
  }

  /**
   * The video's frames, `framesPerSecond` of them a second, scaled to fit `width` x `height` (letterboxed,
   * so every frame has that size) as raw RGB, one at a time: ffmpeg decodes while the caller works on
   * the previous frame, and only one frame is held at once. A file ffmpeg cannot decode throws
   * UndecodableVideo; a run over its budget throws MediaTimeout; an aborted one MediaAborted.
   */
  async *sampleFrames(
    source: MediaSource,
    { framesPerSecond, width, height }: { framesPerSecond: number; width: number; height: number },
    signal?: AbortSignal,
  ): AsyncGenerator<{ time: number; width: number; height: number; rgb: Uint8Array }> {
    const filter =
      `fps=${String(framesPerSecond)},scale=${String(width)}:${String(height)}:force_original_aspect_ratio=decrease,` +
      `pad=${String(width)}:${String(height)}:(ow-iw)/2:(oh-ih)/2`;
    const seconds = this.lengthOf(source);
    const budgetMs = this.budgetMs(seconds);
    const run = watched(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error'],
        ...inputArgs(source, seconds),
        ...['-an', '-vf', filter, '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'],
      ],
      budgetMs,
      signal,
    );
    const { child } = run;
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
      const { code, stopped } = await run.ended;
      if (stopped) throw stopped;
      if (code !== 0) {
        throw new UndecodableVideo(`ffmpeg could not decode the video (${String(code)}): ${run.errors(2)}`);
      }
    } finally {
      run.release();
      // The caller stopped early (a failure, a deleted video): ffmpeg stops too.
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}
