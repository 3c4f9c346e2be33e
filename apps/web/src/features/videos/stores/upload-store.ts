import type { VideoUploadFields } from '@openmat/contract/videos';
import { create } from 'zustand';

/** How an upload ended. */
export type UploadOutcome =
  /** The video exists; `videoId` comes from the last answer's `Video-Id` header. */
  | { kind: 'uploaded'; videoId: number | null }
  /** 409: the same uploader already uploaded these bytes. Not a failure (spec section 5). */
  | { kind: 'duplicate'; message: string; videoId: number; signedUrl: string }
  /**
   * Refused or failed. `message` is the answer's message, else its status text, else the error's own
   * message; null when there is none of these. `details` are the server's messages for single fields.
   */
  | { kind: 'failed'; status: number | null; message: string | null; details: string[] };

/** The controls of a running upload: paused and resumed where it stopped, or given up. */
export interface UploadController {
  pause: () => void;
  resume: () => void;
  /** Given up by the user: the server is told to drop what it has. */
  cancel: () => void;
  /** Given up because its session ended: it stops here and sends nothing more, not even the cancel. */
  abandon: () => void;
}

/** Where the upload is: none yet, sending, paused (by the user or a lost network), or ended (see `outcome`). */
export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'done';

/** The speed is measured over the last few seconds of progress. */
export const SPEED_WINDOW_MS = 5000;
/** Until progress has been watched this long, there is no speed (nor time left) to show. */
export const SPEED_MIN_SPAN_MS = 1000;

interface Sample {
  at: number;
  bytes: number;
}

export interface UploadState {
  /** Tells one upload from the next, so that a late answer of one never changes another. */
  uploadId: number;
  phase: UploadPhase;
  /** The file being sent and the fields sent with it, so the form shows them again after a visit elsewhere. */
  file: File | null;
  fields: VideoUploadFields | null;
  fileName: string;
  bytesSent: number;
  bytesTotal: number;
  /** Bytes per second over the last few seconds; null until measured, and while paused. */
  bytesPerSecond: number | null;
  /** Paused because the network went away rather than by the user: it goes on by itself when back online. */
  interrupted: boolean;
  /** How the upload ended; null until it has. */
  outcome: UploadOutcome | null;
  /** The controls of the running upload, once it has started. */
  controller: UploadController | null;
  /** The progress reports of the speed window, oldest first. */
  samples: Sample[];
  /** A new upload: answers its id. */
  begin: (file: File, fields: VideoUploadFields) => number;
  /** The upload `uploadId` has started; false (and nothing kept) when it is no longer the current one. */
  attach: (uploadId: number, controller: UploadController) => boolean;
  progress: (bytesSent: number, bytesTotal: number, at?: number) => void;
  pause: () => void;
  /** The network is gone: paused until the browser is back online (or the user resumes). */
  interrupt: () => void;
  resume: () => void;
  finish: (outcome: UploadOutcome) => void;
  /** Forgets the upload; a late answer of it changes nothing any more. */
  reset: () => void;
  /** A video was deleted: a note that the last upload duplicated it no longer holds, and goes. */
  videoDeleted: (videoId: number) => void;
}

const IDLE = {
  phase: 'idle',
  file: null,
  fields: null,
  fileName: '',
  bytesSent: 0,
  bytesTotal: 0,
  bytesPerSecond: null,
  interrupted: false,
  outcome: null,
  controller: null,
  samples: [],
} as const satisfies Partial<UploadState>;

/** The speed over the samples, when they span long enough to say. */
function speedOf(samples: Sample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < SPEED_MIN_SPAN_MS) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
}

/**
 * The state of the page's one upload (client state only; the transport is api/upload-video.ts). It
 * outlives the page, so that an upload still running shows again when the user comes back.
 */
export const useUploadStore = create<UploadState>()((set, get) => ({
  ...IDLE,
  uploadId: 0,
  begin: (file, fields) => {
    const uploadId = get().uploadId + 1;
    set({ ...IDLE, uploadId, phase: 'uploading', file, fields, fileName: file.name, bytesTotal: file.size });
    return uploadId;
  },
  attach: (uploadId, controller) => {
    const { uploadId: current, phase } = get();
    if (uploadId !== current || (phase !== 'uploading' && phase !== 'paused')) return false;
    set({ controller });
    return true;
  },
  progress: (bytesSent, bytesTotal, at = performance.now()) =>
    set((state) => {
      if (state.phase !== 'uploading') return state;
      // The samples of the window; the last one before it stays as its start, so the span is never cut short.
      const kept = state.samples.filter((sample, index, all) => {
        const next = all[index + 1];
        return at - sample.at <= SPEED_WINDOW_MS || (next !== undefined && at - next.at < SPEED_WINDOW_MS);
      });
      const samples = [...kept, { at, bytes: bytesSent }];
      return { bytesSent, bytesTotal, samples, bytesPerSecond: speedOf(samples) ?? state.bytesPerSecond };
    }),
  // A pause ends the measure: after it the speed is measured afresh.
  pause: () => set({ phase: 'paused', interrupted: false, bytesPerSecond: null, samples: [] }),
  interrupt: () =>
    set((state) =>
      state.phase === 'uploading' ? { phase: 'paused', interrupted: true, bytesPerSecond: null, samples: [] } : state,
    ),
  resume: () => set({ phase: 'uploading', interrupted: false, bytesPerSecond: null, samples: [] }),
  finish: (outcome) =>
    set((state) => ({
      phase: 'done',
      interrupted: false,
      outcome,
      controller: null,
      file: null,
      bytesPerSecond: null,
      samples: [],
      bytesSent: outcome.kind === 'uploaded' ? state.bytesTotal : state.bytesSent,
    })),
  reset: () => set((state) => ({ ...IDLE, uploadId: state.uploadId + 1 })),
  videoDeleted: (videoId) => {
    const { phase, outcome } = get();
    if (phase === 'done' && outcome?.kind === 'duplicate' && outcome.videoId === videoId) get().reset();
  },
}));
