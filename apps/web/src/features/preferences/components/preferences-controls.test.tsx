import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PREFERENCES_STORAGE_KEY, usePreferencesStore } from '../stores/preferences-store';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

const saved = () =>
  JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}') as {
    state?: { theme?: string; language?: string };
  };

describe('preference controls', () => {
  beforeEach(() => usePreferencesStore.setState({ theme: 'system', language: 'system' }));

  it('cycle the theme light → dark → system and persist it in local storage', async () => {
    usePreferencesStore.setState({ theme: 'light' });
    await renderWithApp(<ThemeToggle />);
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle).toHaveAccessibleName('Theme: Light');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Theme: Dark');
    expect(saved().state?.theme).toBe('dark');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Theme: System');
    await userEvent.click(toggle);
    expect(saved().state?.theme).toBe('light');
  });

  it('choose English, Polish or system and persist it', async () => {
    await renderWithApp(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language: System' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['English', 'Polski', 'System']);
    await userEvent.selectOptions(select, 'pl');
    expect(usePreferencesStore.getState().language).toBe('pl');
    expect(saved().state?.language).toBe('pl');
  });
});
