import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it.each([
    ['5.9', 5.9],
    [' 5,9 ', 5.9],
    ['72.5', 72.5],
    [' 72,5 ', 72.5],
    ['', Number.NaN],
    ['abc', Number.NaN],
  ])("reads '.' and ',' as the decimal point, and gives NaN for blank text: %j", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });
});
