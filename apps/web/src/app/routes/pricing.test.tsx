import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PricingRoute } from './pricing';

function plan(name: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!item) throw new Error(`No plan card for ${name}`);
  return item;
}

describe('PricingRoute', () => {
  it('shows the Free tier at $0 a month with its limits', async () => {
    await renderWithApp(<PricingRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    const free = plan('Free');
    expect(within(free).getByText('$0')).toBeInTheDocument();
    const features = within(free)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(features).toEqual([
      '5 video uploads per month',
      'View analysis without edits',
      'Unlimited active sessions',
      '1 AI curriculum per session',
      'Walk-in attendance',
    ]);
    expect(within(free).getByRole('link', { name: 'Start for free' })).toHaveAttribute(
      'href',
      '/register?role=Student',
    );
  });

  it('shows Instructor Premium at $20, regularly $40 struck through', async () => {
    await renderWithApp(<PricingRoute />);
    const premium = plan('Instructor Premium');
    expect(within(premium).getByText('$20')).toBeInTheDocument();
    expect(within(premium).getByText('$40').tagName).toBe('DEL');
    for (const text of [
      'Unlimited video uploads',
      'Full analysis editor',
      'Unlimited AI curriculums',
      'Advanced pairing insights',
      'Priority support',
      'Your price stays locked for as long as you stay subscribed.',
      'Cancel anytime and keep access until the end of the billing period.',
    ]) {
      expect(within(premium).getByText(text)).toBeInTheDocument();
    }
    expect(within(premium).getByRole('link', { name: 'Get Instructor Premium' })).toHaveAttribute(
      'href',
      '/register?role=Instructor&plan=premium',
    );
  });

  it('opens an FAQ answer on click and closes it again', async () => {
    await renderWithApp(<PricingRoute />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('button')).toHaveLength(6);
    const question = within(faq).getByRole('button', { name: 'Where are my videos stored?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/your videos never have to leave it/)).toBeNull();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/On your academy's own OpenMat server/)).toBeVisible();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard and puts the early-adopter price into the beta answer', async () => {
    await renderWithApp(<PricingRoute />);
    const question = screen.getByRole('button', { name: 'What happens after the beta?' });
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/early-adopter price of \$20 a month/)).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Is OpenMat open source?' })).toHaveFocus();
  });

  it('speaks Polish, with prices in Polish notation', async () => {
    await renderWithApp(<PricingRoute />, { language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cennik' })).toBeInTheDocument();
    const premium = plan('Premium dla instruktorów');
    expect(within(premium).getByText(/^20\sUSD$/)).toBeInTheDocument();
    expect(within(premium).getByText(/^40\sUSD$/).tagName).toBe('DEL');
    expect(within(plan('Darmowy')).getByText('5 przesłanych filmów miesięcznie')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gdzie są przechowywane moje filmy?' })).toBeInTheDocument();
  });
});
