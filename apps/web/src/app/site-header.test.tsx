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

  it('names every page in words on a phone, behind a Menu button that Escape closes', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const session = { email: 'coach@example.com', onLogout, isInstructor: true, profileIncomplete: true };
    await renderWithApp(<SiteHeader session={session} />, { path: '/class-session' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('the menu opens no panel');
    // Each page is named in visible words, not by an icon alone.
    const pages: [string, string][] = [
      ['Video Analysis', '/video-analysis'],
      ['Manage Classes', '/class-session'],
      ['Members', '/members'],
    ];
    for (const [name, href] of pages) {
      const link = within(panel).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(within(link).getByText(name)).not.toHaveClass('sr-only');
    }
    expect(within(panel).getByRole('link', { name: 'Manage Classes' })).toHaveAttribute('aria-current', 'page');
    expect(within(panel).getByRole('link', { name: /^Profile/ })).toHaveTextContent('coach@example.com');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await user.click(menu);
    const reopened = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    if (!reopened) throw new Error('the menu opens no panel');
    await user.click(within(reopened).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('closes the phone menu when one of its links is followed, and speaks Polish', async () => {
    const user = userEvent.setup();
    await renderWithApp(<SiteHeader session={{ email: 'coach@example.com', onLogout: vi.fn() }} />, {
      language: 'pl',
      path: '/class-session',
    });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = document.getElementById(
      screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls') ?? '',
    );
    if (!panel) throw new Error('the menu opens no panel');
    expect(within(panel).queryByRole('link', { name: 'Członkowie' })).toBeNull();
    await user.click(within(panel).getByRole('link', { name: 'Analiza wideo' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
  });

  it('names Login and Register in words on a phone too', async () => {
    await renderWithApp(<SiteHeader session={null} />);
    for (const name of ['Login', 'Register']) {
      const link = screen.getByRole('link', { name });
      expect(within(link).getByText(name)).not.toHaveClass('sr-only');
    }
  });

  it('always shows the theme and language controls', async () => {
    await renderWithApp(<SiteHeader session={null} />, { language: 'pl' });
    expect(screen.getByRole('button', { name: 'Przełącz na motyw ciemny' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Język: Systemowy' })).toHaveValue('system');
    expect(screen.getByRole('link', { name: 'Zaloguj się' })).toBeInTheDocument();
  });
});
