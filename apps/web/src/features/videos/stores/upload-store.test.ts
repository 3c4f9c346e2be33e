import { afterEach, describe, expect, it } from 'vitest';
import { useUploadStore } from './upload-store';

const fields = { description: '', studentIdentifier: 'ana-01', martialArt: 'BrazilianJiuJitsu_GI' } as const;
const file = new File([new Uint8Array(10_000_000)], 'round.mp4', { type: 'video/mp4' });
const store = () => useUploadStore.getState();

afterEach(() => store().reset());

describe('useUploadStore', () => {
  it('measures the speed over the last seconds of progress, and forgets it on a pause', () => {
    store().begin(file, fields);
    store().progress(0, file.size, 0);
    store().progress(500_000, file.size, 500);
    // Half a second is too short to say.
    expect(store().bytesPerSecond).toBeNull();
    store().progress(2_000_000, file.size, 2000);
    expect(store().bytesPerSecond).toBe(1_000_000);
    // Samples older than the window drop out: the speed follows the recent pace.
    store().progress(2_000_000, file.size, 6000);
    store().progress(4_000_000, file.size, 7000);
    expect(store().bytesPerSecond).toBe(400_000);

    store().pause();
    expect(store()).toMatchObject({ phase: 'paused', bytesPerSecond: null, bytesSent: 4_000_000 });
    store().resume();
    store().progress(5_000_000, file.size, 9000);
    expect(store().bytesPerSecond).toBeNull();
  });

  it('keeps the controls only of the current upload', () => {
    const first = store().begin(file, fields);
    const second = store().begin(file, fields);
    const controller = {
      pause: () => undefined,
      resume: () => undefined,
      cancel: () => undefined,
      abandon: () => undefined,
    };
    expect(store().attach(first, controller)).toBe(false);
    expect(store().attach(second, controller)).toBe(true);
    store().finish({ kind: 'uploaded', videoId: 3 });
    expect(store()).toMatchObject({ phase: 'done', controller: null, bytesSent: file.size });
  });
});
