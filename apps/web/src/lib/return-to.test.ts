import { describe, expect, it } from 'vitest';
import { loginFor, safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a page of this app with its query and hash', () => {
    expect(safeReturnPath('/video-review/12')).toBe('/video-review/12');
    expect(safeReturnPath('/members?belt=Blue#top')).toBe('/members?belt=Blue#top');
  });

  it('refuses anything that could leave the app', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/ok\nLocation: x',
      'video-review/1',
      '',
      null,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});

describe('loginFor', () => {
  it('names the page to come back to, and nothing for the home page', () => {
    expect(loginFor('/video-review/7?t=3')).toBe('/login?returnTo=%2Fvideo-review%2F7%3Ft%3D3');
    expect(loginFor('/')).toBe('/login');
    expect(loginFor('//evil.example')).toBe('/login');
  });
});
