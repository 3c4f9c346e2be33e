import { afterEach, describe, expect, it, vi } from 'vitest';
import { followTheme, resolveTheme, toggledTheme } from './theme';

function fakeSystemTheme(initiallyDark: boolean) {
  let listener: (() => void) | null = null;
  const media = {
    matches: initiallyDark,
    addEventListener: vi.fn((_: string, fn: () => void) => {
      listener = fn;
    }),
    removeEventListener: vi.fn(() => {
      listener = null;
    }),
  };
  vi.spyOn(window, 'matchMedia').mockReturnValue(media as unknown as MediaQueryList);
  return {
    media,
    switchTo(dark: boolean) {
      media.matches = dark;
      listener?.();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('theme', () => {
  it('resolves system to the operating system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('toggles to the opposite of what is on screen, never to system', () => {
    expect(toggledTheme('system', false)).toBe('dark');
    expect(toggledTheme('system', true)).toBe('light');
    expect(toggledTheme('light', true)).toBe('dark');
    expect(toggledTheme('dark', false)).toBe('light');
  });

  it('applies an explicit theme and ignores the operating system', () => {
    const system = fakeSystemTheme(true);
    const root = document.createElement('html');
    const stop = followTheme('light', root);
    expect(root.classList.contains('dark')).toBe(false);
    system.switchTo(false);
    expect(root.classList.contains('dark')).toBe(false);
    stop();
  });

  it('follows the operating system live in system mode, until stopped', () => {
    const system = fakeSystemTheme(false);
    const root = document.createElement('html');
    const stop = followTheme('system', root);
    expect(root.classList.contains('dark')).toBe(false);
    system.switchTo(true);
    expect(root.classList.contains('dark')).toBe(true);
    stop();
    expect(system.media.removeEventListener).toHaveBeenCalled();
    system.switchTo(false);
    expect(root.classList.contains('dark')).toBe(true);
  });
});
