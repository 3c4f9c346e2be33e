import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PREFERENCES_STORAGE_KEY, usePreferencesStore } from '../stores/preferences-store';
import { useApplyPreferences } from '../use-apply-preferences';
import { LanguageSelect } from './language-select';
import { ThemeSelect } from './theme-select';
import { ThemeToggle } from './theme-toggle';

const saved = () =>
  JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}') as {
    state?: { theme?: string; language?: string };
  };

/** The operating system's colour scheme, switchable while the test runs. */
function fakeSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  let dark = initiallyDark;
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return dark;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    switchTo(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

/** The toggle as the header has it, with the page's theme class kept in step. */
function Page() {
  useApplyPreferences();
  return (
    <>
      <ThemeToggle />
      <ThemeSelect />
    </>
  );
}

const pageIsDark = () => document.documentElement.classList.contains('dark');

describe('preference controls', () => {
  beforeEach(() => usePreferencesStore.setState({ theme: 'system', language: 'system' }));
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.classList.remove('dark');
  });

  it('makes the page dark with one click when the preference is system and the OS is light', async () => {
    fakeSystemTheme(false);
    await renderWithApp(<Page />);
    expect(pageIsDark()).toBe(false);
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle).toHaveAccessibleName('Switch to dark theme');
    await userEvent.click(toggle);
    expect(pageIsDark()).toBe(true);
    expect(usePreferencesStore.getState().theme).toBe('dark');
    expect(saved().state?.theme).toBe('dark');
    expect(toggle).toHaveAccessibleName('Switch to light theme');
  });

  it('makes the page light with one click when the preference is system and the OS is dark', async () => {
    fakeSystemTheme(true);
    await renderWithApp(<Page />);
    expect(pageIsDark()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(pageIsDark()).toBe(false);
    expect(usePreferencesStore.getState().theme).toBe('light');
  });

  it('visibly switches on every click, between dark and light only', async () => {
    fakeSystemTheme(false);
    await renderWithApp(<Page />);
    const toggle = screen.getByTestId('theme-toggle');
    const seen: boolean[] = [];
    for (let click = 0; click < 4; click++) {
      await userEvent.click(toggle);
      seen.push(pageIsDark());
    }
    expect(seen).toEqual([true, false, true, false]);
    expect(usePreferencesStore.getState().theme).toBe('light');
  });

  it('follows a change of the OS scheme in system mode, and the toggle names the opposite', async () => {
    const system = fakeSystemTheme(false);
    await renderWithApp(<Page />);
    system.switchTo(true);
    expect(pageIsDark()).toBe(true);
    expect(screen.getByTestId('theme-toggle')).toHaveAccessibleName('Switch to light theme');
  });

  it('offers light, dark and system in the theme select, and system follows the OS again', async () => {
    fakeSystemTheme(true);
    usePreferencesStore.setState({ theme: 'light' });
    await renderWithApp(<Page />);
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('light');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(pageIsDark()).toBe(false);
    await userEvent.selectOptions(select, 'system');
    expect(saved().state?.theme).toBe('system');
    expect(pageIsDark()).toBe(true);
  });

  it('choose English, Polish or system and persist it', async () => {
    await renderWithApp(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language: System' });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'English',
      'Polski',
      'System',
    ]);
    await userEvent.selectOptions(select, 'pl');
    expect(usePreferencesStore.getState().language).toBe('pl');
    expect(saved().state?.language).toBe('pl');
  });

  it('labels the language with the language itself: EN, PL or Auto, never the word System', async () => {
    await renderWithApp(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language: System' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['EN', 'PL', 'Auto']);
    expect(select).toHaveAttribute('title', 'Language: System');
    await userEvent.selectOptions(select, 'pl');
    expect(select).toHaveDisplayValue('PL');
  });

  it("shows the theme chosen now in the toggle's icon and tooltip", async () => {
    fakeSystemTheme(true);
    await renderWithApp(<Page />);
    const toggle = screen.getByTestId('theme-toggle');
    const icon = () => toggle.querySelector('svg')?.getAttribute('class') ?? '';
    expect(icon()).toMatch(/lucide-monitor/);
    expect(toggle).toHaveAttribute('title', 'Theme: System (Dark). Switch to light theme');
    await userEvent.click(toggle);
    expect(icon()).toMatch(/lucide-sun/);
    expect(toggle).toHaveAttribute('title', 'Theme: Light. Switch to dark theme');
    await userEvent.click(toggle);
    expect(icon()).toMatch(/lucide-moon/);
    expect(toggle).toHaveAttribute('title', 'Theme: Dark. Switch to light theme');
  });
});
