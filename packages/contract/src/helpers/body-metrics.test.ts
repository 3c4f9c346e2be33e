import { describe, expect, it } from 'vitest';
import { bmi, feetToCm, imperialHeightToCm, poundsTextToKg, poundsToKg } from './body-metrics.js';

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

describe('imperialHeightToCm', () => {
  it('reads feet and inches: 5\'10" is 177.8 cm however it is written', () => {
    for (const text of [`5'10"`, `5' 10"`, '5′10″', '5 ft 10 in', '5ft10', "5' 10", '5 10', "5'10''", '70"', '70 in']) {
      expect(imperialHeightToCm(text), text).toBe(177.8);
    }
    expect(imperialHeightToCm("6'")).toBe(182.9);
    expect(imperialHeightToCm('5\'10.5"')).toBe(179.1);
  });

  it('reads decimal feet with a point or a comma', () => {
    expect(imperialHeightToCm('5.9')).toBe(179.8);
    expect(imperialHeightToCm('5,9')).toBe(179.8);
    expect(imperialHeightToCm('6')).toBe(feetToCm(6));
  });

  it('refuses blank and unreadable text, and 12 inches or more after the feet', () => {
    for (const text of ['', '  ', 'tall', "5'12", '5 13', '5.9.1', '-5', '5\'10"x']) {
      expect(imperialHeightToCm(text), text).toBeNull();
    }
  });
});

describe('poundsTextToKg', () => {
  it('reads pounds with a decimal point or comma and an optional unit', () => {
    expect(poundsTextToKg('180')).toBe(81.6);
    expect(poundsTextToKg('180,5')).toBe(81.9);
    expect(poundsTextToKg('180.5 lb')).toBe(81.9);
    expect(poundsTextToKg('150 lbs')).toBe(68);
    expect(poundsTextToKg('')).toBeNull();
    expect(poundsTextToKg('heavy')).toBeNull();
    expect(poundsTextToKg('1,5,0')).toBeNull();
  });
});
