import { describe, expect, it } from 'vitest';
import { formatTimestamp, isValidTimestamp, parseTimestamp } from './timestamp.js';

describe('parseTimestamp', () => {
  it('reads HH:MM:SS as seconds', () => {
    expect(parseTimestamp('00:00:00')).toBe(0);
    expect(parseTimestamp('00:01:05')).toBe(65);
    expect(parseTimestamp('01:02:03')).toBe(3723);
  });

  it('treats anything but three numeric parts as invalid', () => {
    for (const bad of ['', '01:02', '1:2:3:4', 'aa:bb:cc', '00:-1:00', '00:01:5s', '00:01:', '1.5:00:00']) {
      expect(parseTimestamp(bad)).toBeNull();
      expect(isValidTimestamp(bad)).toBe(false);
    }
  });
});

describe('formatTimestamp', () => {
  it('pads every part to two digits', () => {
    expect(formatTimestamp(0)).toBe('00:00:00');
    expect(formatTimestamp(65)).toBe('00:01:05');
    expect(formatTimestamp(3723)).toBe('01:02:03');
  });

  it('drops fractions and clamps negatives', () => {
    expect(formatTimestamp(12.96)).toBe('00:00:12');
    expect(formatTimestamp(-3)).toBe('00:00:00');
  });

  it('round-trips with parseTimestamp', () => {
    for (const seconds of [0, 59, 60, 3599, 3600, 86399]) {
      expect(parseTimestamp(formatTimestamp(seconds))).toBe(seconds);
    }
  });
});
