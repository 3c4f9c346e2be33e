/**
 * Collects console.error calls. It wraps console.error by hand rather than with a vi spy, so that a
 * test's `vi.restoreAllMocks()` cannot switch the guard off.
 */
const seen: unknown[][] = [];
const original = console.error.bind(console);

export function installConsoleErrorGuard(): void {
  console.error = (...args: unknown[]) => {
    seen.push(args);
    original(...args);
  };
}

const describeArg = (arg: unknown) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg));

/** Takes the errors logged so far, for a test that expects some; the guard then sees none of them. */
export function takeConsoleErrors(): string[] {
  return seen.splice(0).map((args) => args.map(describeArg).join(' '));
}
