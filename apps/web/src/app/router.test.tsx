import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { routes } from './router';

describe('the first load', () => {
  it("says it is loading in the reader's language while the first page's code arrives", async () => {
    // The layout restores the scroll position, which jsdom does not implement.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await renderWithApp(<></>, { language: 'pl', path: '/', routes });
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie…');
    // Then the page itself shows.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
