import { describe, expect, it } from 'vitest';
import { durationTextToMinutes, firstNumber, hoursToMinutes, minutesToHours } from './duration.js';

describe('minutes and hours', () => {
  it('stores minutes as hours and shows hours as minutes', () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(60)).toBe(1);
    expect(hoursToMinutes(1.5)).toBe(90);
  });

  it('survives a round trip through fractional hours', () => {
    for (const minutes of [5, 10, 45, 75, 100, 135]) {
      expect(hoursToMinutes(minutesToHours(minutes))).toBe(minutes);
    }
  });
});

describe('firstNumber', () => {
  it('reads the first number of a duration text', () => {
    expect(firstNumber('10 minutes')).toBe(10);
    expect(firstNumber('about 7.5 min, then 3 more')).toBe(7.5);
    expect(firstNumber('15')).toBe(15);
  });

  it('gives null when there is no number', () => {
    expect(firstNumber('ten minutes')).toBeNull();
    expect(firstNumber('')).toBeNull();
  });
});

describe('durationTextToMinutes', () => {
  it('falls back to the default for an unparsable or empty duration', () => {
    expect(durationTextToMinutes('20 minutes', 10)).toBe(20);
    expect(durationTextToMinutes('a while', 15)).toBe(15);
    expect(durationTextToMinutes(undefined, 5)).toBe(5);
    expect(durationTextToMinutes('0 minutes', 10)).toBe(10);
  });
});
