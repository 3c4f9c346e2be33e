import { afterEach } from 'vitest';

// A console.error in a test is a defect that would otherwise scroll past unnoticed. console.error is
// wrapped by hand, not spied on, so that no `vi.restoreAllMocks()` can switch this check off. The files
// of a fork share one module world (`isolate: false`), so it is wrapped once, and each file checks after
// each of its tests what was written since the last check.
const GUARD = Symbol.for('openmat.test.console-errors');
const shared = globalThis as typeof globalThis & { [GUARD]?: string[] };

function wrapConsoleError(): string[] {
  const seen: string[] = [];
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '));
    original(...args);
  };
  return seen;
}

const seen = (shared[GUARD] ??= wrapConsoleError());

afterEach(() => {
  const errors = seen.splice(0);
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
