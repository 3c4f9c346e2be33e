import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PrivacyRoute } from './privacy';

describe('PrivacyRoute', () => {
  it('says what is stored, with one h1 and a heading per topic', async () => {
    await renderWithApp(<PrivacyRoute />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy notice']);
    const stored = screen.getByRole('region', { name: 'What is stored' });
    const items = within(stored).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent(/e-mail address and password.*secure hash/);
    expect(screen.getByRole('region', { name: 'No trackers' })).toBeInTheDocument();
    expect(screen.getByText(/only after you press play/)).toBeInTheDocument();
  });

  it('explains how to ask for deletion by e-mail', async () => {
    await renderWithApp(<PrivacyRoute />);
    const deletion = screen.getByRole('region', { name: 'Seeing, correcting and deleting your data' });
    expect(within(deletion).getByRole('link', { name: 'hello@openmat.app' })).toHaveAttribute(
      'href',
      'mailto:hello@openmat.app',
    );
    expect(deletion).toHaveTextContent('Write to hello@openmat.app from the e-mail address of your account');
  });

  it('speaks Polish', async () => {
    await renderWithApp(<PrivacyRoute />, { language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Informacja o prywatności' })).toBeInTheDocument();
    const deletion = screen.getByRole('region', { name: 'Wgląd, poprawianie i usuwanie danych' });
    expect(within(deletion).getByRole('link', { name: 'hello@openmat.app' })).toBeInTheDocument();
  });
});
