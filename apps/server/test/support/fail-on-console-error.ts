import { afterEach } from 'vitest';

// A console.error in a test is a defect that would otherwise scroll past unnoticed. console.error is
// wrapped by hand, not spied on, so that no `vi.restoreAllMocks()` can switch this check off.
const seen: string[] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  seen.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '));
  original(...args);
};

afterEach(() => {
  const errors = seen.splice(0);
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
