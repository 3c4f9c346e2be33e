import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useAlertStore } from '@/components/ui/alert-store';
import { useToastStore } from '@/components/ui/toast-store';
import { installConsoleErrorGuard, takeConsoleErrors } from './console-guard';

// How long findBy* and waitFor poll before they fail: a cap, not a wait, since they return as soon as what
// they look for appears. Testing Library's 1 s failed an upload's toast on a host running 2-3 times slower
// than usual, with both lanes of npm test busy.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A message left open by one test must not show in the next.
  useAlertStore.getState().reset();
  useToastStore.setState({ current: null });
});

// jsdom has no matchMedia; tests that care replace it with their own.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// A console.error in a test is a defect (a React warning, a failed request) that must not scroll past.
installConsoleErrorGuard();
afterEach(() => {
  const errors = takeConsoleErrors();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
