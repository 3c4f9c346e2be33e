import { AttendanceBelt, Gender } from '@openmat/contract/enums';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The local-storage entry of the walk-in drafts, kept per session until they are finalized or cleared. */
export const ATTENDANCE_STORAGE_KEY = 'attendance-storage';

/**
 * One row of the walk-in grid as typed. Numbers and the birthdate stay text until the row is sent, so
 * that a half-typed value survives a reload exactly as it was.
 */
export const AttendanceRow = z.object({
  fighterName: z.string(),
  birthdate: z.string(),
  weight: z.string(),
  height: z.string(),
  beltColor: AttendanceBelt,
  gender: Gender,
});
export type AttendanceRow = z.infer<typeof AttendanceRow>;

/** The text fields of a row: a row whose text fields are all blank is empty. */
export const TEXT_FIELDS = ['fighterName', 'birthdate', 'weight', 'height'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export function isEmptyRow(row: AttendanceRow): boolean {
  return TEXT_FIELDS.every((field) => row[field].trim() === '');
}

const PersistedDrafts = z.object({ drafts: z.record(z.string(), z.array(AttendanceRow)) });

interface AttendanceDraftState {
  /** Rows per training session, keyed by the session id. */
  drafts: Record<string, AttendanceRow[]>;
  /** Saves the rows of a session; rows that are all empty remove the draft. */
  setDraft: (sessionId: number, rows: AttendanceRow[]) => void;
  clearDraft: (sessionId: number) => void;
}

function without(drafts: Record<string, AttendanceRow[]>, sessionId: number): Record<string, AttendanceRow[]> {
  return Object.fromEntries(Object.entries(drafts).filter(([key]) => key !== String(sessionId)));
}

/**
 * Walk-in attendance drafts, persisted in local storage under 'attendance-storage' so that a reload
 * keeps what was typed. They are cleared by Clear and after a successful finalize.
 */
export const useAttendanceStore = create<AttendanceDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      setDraft: (sessionId, rows) =>
        set(({ drafts }) => ({
          drafts: rows.every(isEmptyRow) ? without(drafts, sessionId) : { ...drafts, [String(sessionId)]: rows },
        })),
      clearDraft: (sessionId) => set(({ drafts }) => ({ drafts: without(drafts, sessionId) })),
    }),
    {
      name: ATTENDANCE_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ drafts }) => ({ drafts }),
      // Whatever is in local storage was written by some earlier build, or by hand: keep it only if it
      // still has the shape of a draft, rather than crash the modal on a stale entry.
      merge: (persisted, current) => {
        const parsed = PersistedDrafts.safeParse(persisted);
        return parsed.success ? { ...current, drafts: parsed.data.drafts } : current;
      },
    },
  ),
);
