import { afterEach, vi } from 'vitest';

// A console.error in a test is a defect that would otherwise scroll past unnoticed.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) {
    spy.mockClear();
    throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
