import { describe, expect, it } from 'vitest';
import { bmi, feetToCm, poundsToKg } from './body-metrics.js';

describe('bmi', () => {
  it('divides kilograms by metres squared, not centimetres', () => {
    expect(bmi(80, 180)).toBe(24.69);
    expect(bmi(70, 175)).toBe(22.86);
  });

  it('rounds to 2 decimals', () => {
    expect(bmi(65.3, 172.4)).toBe(21.97);
    expect(bmi(100, 200)).toBe(25);
  });

  it('gives null for a missing, zero or negative figure instead of Infinity or NaN', () => {
    expect(bmi(0, 0)).toBeNull();
    expect(bmi(80, 0)).toBeNull();
    expect(bmi(0, 180)).toBeNull();
    expect(bmi(-5, 180)).toBeNull();
    expect(bmi(Number.NaN, 180)).toBeNull();
  });
});

describe('imperial helpers', () => {
  it('turns feet into centimetres at 30.48, to 1 decimal', () => {
    expect(feetToCm(6)).toBe(182.9);
    expect(feetToCm(5.5)).toBe(167.6);
    expect(feetToCm(0)).toBe(0);
  });

  it('turns pounds into kilograms at 0.45359237, to 1 decimal', () => {
    expect(poundsToKg(180)).toBe(81.6);
    expect(poundsToKg(1)).toBe(0.5);
    expect(poundsToKg(220.5)).toBe(100);
  });
});
