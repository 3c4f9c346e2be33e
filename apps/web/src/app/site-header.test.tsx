import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('offers a visitor Login and Register, with the pricing link hidden', async () => {
    await renderWithApp(<SiteHeader session={null} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'OpenMat home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Pricing', { selector: 'a' })).toHaveClass('hidden');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('offers a signed-in user Video Analysis, Manage Classes, a welcome line and Logout', async () => {
    const onLogout = vi.fn();
    await renderWithApp(<SiteHeader session={{ email: 'coach@example.com', onLogout }} />);
    expect(screen.getByRole('link', { name: 'Video Analysis' })).toHaveAttribute('href', '/video-analysis');
    expect(screen.getByRole('link', { name: 'Manage Classes' })).toHaveAttribute('href', '/class-session');
    expect(screen.getByText('Welcome, coach@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('leads a signed-in user to their profile from the welcome line and the Profile button', async () => {
    await renderWithApp(<SiteHeader session={{ email: 'coach@example.com', onLogout: vi.fn() }} />);
    expect(screen.getByRole('link', { name: 'Welcome, coach@example.com' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Complete your profile' })).toBeNull();
  });

  it('prompts to complete an incomplete profile, except on /profile itself', async () => {
    const session = { email: 'coach@example.com', onLogout: vi.fn(), profileIncomplete: true };
    await renderWithApp(<SiteHeader session={session} />, { path: '/class-session' });
    expect(screen.getByText('Your fighter profile is incomplete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/profile');
    cleanup();
    await renderWithApp(<SiteHeader session={session} />, { path: '/profile' });
    expect(screen.queryByRole('link', { name: 'Complete your profile' })).toBeNull();
  });

  it('always shows the theme and language controls', async () => {
    await renderWithApp(<SiteHeader session={null} />, { language: 'pl' });
    expect(screen.getByRole('button', { name: 'Przełącz na motyw ciemny' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Język: Systemowy' })).toHaveValue('system');
    expect(screen.getByRole('link', { name: 'Zaloguj się' })).toBeInTheDocument();
  });
});
