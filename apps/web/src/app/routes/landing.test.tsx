import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LandingRoute } from './landing';

describe('LandingRoute', () => {
  it('shows the hero headline as the one h1, with Register and Login', async () => {
    await renderWithApp(<LandingRoute />);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Your AI-driven Brazilian JiuJitsu Training Assistant');
    const hero = screen.getByRole('region', { name: 'Your AI-driven Brazilian JiuJitsu Training Assistant' });
    expect(within(hero).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(hero).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/home');
  });

  it('shows three feature cards', async () => {
    await renderWithApp(<LandingRoute />);
    const features = screen.getByRole('region', { name: 'Everything your academy needs, on and off the mats' });
    const cards = within(features).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'AI video analysis',
      'Class sessions and walk-in attendance',
      'AI pairing and lesson plans',
    ]);
  });

  it('shows two testimonials, an instructor and a student', async () => {
    await renderWithApp(<LandingRoute />);
    const testimonials = screen.getByRole('region', { name: 'Voices from the mats' });
    const quotes = within(testimonials).getAllByRole('figure');
    expect(quotes).toHaveLength(2);
    expect(quotes[0]).toHaveTextContent('Head instructor, brown belt');
    expect(quotes[1]).toHaveTextContent('Student, blue belt');
  });

  it('invites instructors to the free beta', async () => {
    await renderWithApp(<LandingRoute />);
    expect(screen.getByRole('link', { name: 'Get Started as Instructor (Free Beta)' })).toHaveAttribute(
      'href',
      '/register?role=Instructor',
    );
  });

  it('says the demo video is coming soon and loads nothing when no video id is configured', async () => {
    const { container } = await renderWithApp(<LandingRoute />);
    const demo = screen.getByRole('region', { name: 'See OpenMat in action' });
    expect(within(demo).getByText('The demo video is coming soon.')).toBeInTheDocument();
    expect(within(demo).queryByRole('button')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('renders a login block passed as aside next to the hero text', async () => {
    await renderWithApp(<LandingRoute aside={<form aria-label="Login form" />} />);
    const hero = screen.getByRole('region', { name: 'Your AI-driven Brazilian JiuJitsu Training Assistant' });
    expect(within(hero).getByRole('form', { name: 'Login form' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await renderWithApp(<LandingRoute />, { language: 'pl' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Twój asystent treningu brazylijskiego jiu-jitsu oparty na AI',
    );
    expect(screen.getByRole('link', { name: 'Zacznij jako instruktor (darmowa beta)' })).toHaveAttribute(
      'href',
      '/register?role=Instructor',
    );
    expect(screen.getByText('Film demonstracyjny pojawi się wkrótce.')).toBeInTheDocument();
  });
});
