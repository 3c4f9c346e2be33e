import { describe, expect, it } from 'vitest';
import { applyLanguageToDocument, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  it('keeps an explicit choice whatever the browser says', () => {
    expect(resolveLanguage('pl', 'en-US')).toBe('pl');
    expect(resolveLanguage('en', 'pl-PL')).toBe('en');
  });

  it('picks Polish in system mode only when the browser language starts with pl', () => {
    expect(resolveLanguage('system', 'pl')).toBe('pl');
    expect(resolveLanguage('system', 'pl-PL')).toBe('pl');
    expect(resolveLanguage('system', 'PL')).toBe('pl');
    expect(resolveLanguage('system', 'en-GB')).toBe('en');
    expect(resolveLanguage('system', 'de')).toBe('en');
    expect(resolveLanguage('system', undefined)).toBe('en');
  });
});

describe('applyLanguageToDocument', () => {
  it('sets exactly one language class and the lang attribute', () => {
    const root = document.createElement('html');
    root.classList.add('dark', 'en');
    applyLanguageToDocument('pl', root);
    expect([...root.classList].sort()).toEqual(['dark', 'pl']);
    expect(root.lang).toBe('pl');
  });
});
