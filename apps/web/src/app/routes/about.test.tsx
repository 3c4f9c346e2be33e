import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOURCE_URL } from '@/features/marketing/site-config';
import { renderWithApp } from '@/testing/render';
import { AboutRoute } from './about';

describe('AboutRoute', () => {
  it('lists the technology stack', async () => {
    await renderWithApp(<AboutRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'About OpenMat' })).toBeInTheDocument();
    const stack = screen.getByRole('region', { name: 'Technology stack' });
    const names = within(stack)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(names).toEqual([
      'React 19',
      'Vite',
      'React Router',
      'TanStack Query',
      'Tailwind CSS',
      'Radix UI',
      'i18next',
      'Fastify',
      'Kysely',
      'SQLite / PostgreSQL',
      'zod',
      'ffmpeg',
      'SignalR',
    ]);
  });

  it('links to the authors', async () => {
    await renderWithApp(<AboutRoute />);
    expect(screen.getByRole('link', { name: 'The OpenMat contributors' })).toHaveAttribute('href', SOURCE_URL);
    expect(SOURCE_URL).toBe('https://github.com/openmat-app/openmat');
  });

  it('speaks Polish', async () => {
    await renderWithApp(<AboutRoute />, { language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'O projekcie OpenMat' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Technologie' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Współtwórcy OpenMat' })).toBeInTheDocument();
  });
});
