import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ContactRoute } from './contact';

describe('ContactRoute', () => {
  it('offers an e-mail link and the source-code profile', async () => {
    await renderWithApp(<ContactRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@openmat.app' })).toHaveAttribute('href', 'mailto:hello@openmat.app');
    expect(screen.getByRole('link', { name: 'github.com/openmat-app/openmat' })).toHaveAttribute(
      'href',
      'https://github.com/openmat-app/openmat',
    );
  });

  it('speaks Polish', async () => {
    await renderWithApp(<ContactRoute />, { language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Kod źródłowy' })).toBeInTheDocument();
  });
});
