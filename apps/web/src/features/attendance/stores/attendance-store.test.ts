import { beforeEach, describe, expect, it } from 'vitest';
import { ATTENDANCE_STORAGE_KEY, useAttendanceStore, type AttendanceRow } from './attendance-store';

const EWA: AttendanceRow = {
  fighterName: 'Ewa',
  birthdate: '2000-01-02',
  weight: '60',
  height: '',
  beltColor: 'Blue',
  gender: 'Female',
};
const EMPTY: AttendanceRow = { ...EWA, fighterName: '', birthdate: '', weight: '', height: ' ' };

const stored = (): unknown => JSON.parse(localStorage.getItem(ATTENDANCE_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  useAttendanceStore.setState({ drafts: {} });
  localStorage.clear();
});

describe('useAttendanceStore', () => {
  it('persists drafts per session in local storage under attendance-storage', () => {
    expect(ATTENDANCE_STORAGE_KEY).toBe('attendance-storage');
    useAttendanceStore.getState().setDraft(7, [EWA, EMPTY]);
    useAttendanceStore.getState().setDraft(8, [{ ...EWA, fighterName: 'Ola' }]);
    expect(stored()).toEqual({
      state: { drafts: { '7': [EWA, EMPTY], '8': [{ ...EWA, fighterName: 'Ola' }] } },
      version: 1,
    });
  });

  it('drops a draft that is cleared or whose rows are all empty', () => {
    useAttendanceStore.getState().setDraft(7, [EWA]);
    useAttendanceStore.getState().setDraft(8, [EWA]);
    useAttendanceStore.getState().clearDraft(7);
    useAttendanceStore.getState().setDraft(8, [EMPTY, EMPTY]);
    expect(useAttendanceStore.getState().drafts).toEqual({});
    expect(stored()).toEqual({ state: { drafts: {} }, version: 1 });
  });

  it('reloads the drafts from local storage', async () => {
    localStorage.setItem(ATTENDANCE_STORAGE_KEY, JSON.stringify({ state: { drafts: { '7': [EWA] } }, version: 1 }));
    await useAttendanceStore.persist.rehydrate();
    expect(useAttendanceStore.getState().drafts).toEqual({ '7': [EWA] });
  });

  it('ignores a stored entry that is not a draft', async () => {
    localStorage.setItem(
      ATTENDANCE_STORAGE_KEY,
      JSON.stringify({ state: { drafts: { '7': [{ fighterName: 3 }] } }, version: 1 }),
    );
    await useAttendanceStore.persist.rehydrate();
    expect(useAttendanceStore.getState().drafts).toEqual({});
    expect(typeof useAttendanceStore.getState().setDraft).toBe('function');
  });
});
