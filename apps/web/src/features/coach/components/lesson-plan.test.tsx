import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAlert } from '@/testing/alert-dialog';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeCurriculum } from './curriculum-fixtures';
import { LessonPlan, planSectionId, splitGuidelines } from './lesson-plan';

const FEEDBACK = 'POST /vid/api/video/7/curriculum/feedback';

const scrollIntoView = vi.fn();

beforeEach(() => {
  // jsdom does no layout, so it has no scrollIntoView.
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
});

afterEach(() => {
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const renderPlan = (language: 'en' | 'pl' = 'en') =>
  renderWithApp(<LessonPlan sessionId={7} curriculum={makeCurriculum()} />, { language });

const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) });
  const block = heading.closest('section');
  if (!block) throw new Error(`no section for ${name}`);
  return block;
};

const timer = (name: string) => screen.getByRole('group', { name: `Timer: ${name}` });

describe('LessonPlan', () => {
  it('shows the title, the total duration and every part in class order', async () => {
    await renderPlan();
    expect(screen.getByRole('heading', { level: 2, name: 'Closed guard: from posture break to finish' })).toBeVisible();
    expect(screen.getByText('Total duration: 60 min')).toBeVisible();
    const parts = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(parts.slice(0, 5)).toEqual(['Warm-up12 min', 'Techniques', 'Drills', 'Sparring15 min', 'Cool-down10 min']);
    expect(screen.getByRole('heading', { level: 3, name: 'Was this lesson plan helpful?' })).toBeVisible();
  });

  it('has a sticky anchor navigation to the five parts', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPlan();
    const nav = screen.getByRole('navigation', { name: 'Lesson plan sections' });
    expect(nav).toHaveClass('sticky');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Warm-up', '#lesson-plan-7-warm-up'],
      ['Techniques', '#lesson-plan-7-techniques'],
      ['Drills', '#lesson-plan-7-drills'],
      ['Sparring', '#lesson-plan-7-sparring'],
      ['Cool-down', '#lesson-plan-7-cool-down'],
    ]);
    for (const part of ['warm-up', 'techniques', 'drills', 'sparring', 'cool-down'] as const) {
      const target = document.getElementById(planSectionId(7, part));
      expect(target?.tagName).toBe('SECTION');
      expect(target?.className).toContain('scroll-mt-');
    }

    await user.click(within(nav).getByRole('link', { name: 'Sparring' }));
    const sparring = document.getElementById('lesson-plan-7-sparring');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(sparring);
    expect(sparring).toHaveFocus();
  });

  it('shows at either edge of a bar too narrow for its sections that more lie that way, and brings a jumped-to link into the bar', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await renderPlan();
    const nav = screen.getByRole('navigation', { name: 'Lesson plan sections' });
    const bar = within(nav).getByRole('list');
    const hint = (edge: 'before' | 'after') => container.querySelector(`[data-scroll-hint="${edge}"]`);
    // Wide enough for every section: no hint.
    expect(hint('before')).toBeNull();
    expect(hint('after')).toBeNull();

    // A phone: 600 px of sections in a 300 px bar (jsdom does no layout, so the sizes are given).
    Object.defineProperty(bar, 'clientWidth', { configurable: true, value: 300 });
    Object.defineProperty(bar, 'scrollWidth', { configurable: true, value: 600 });
    fireEvent.scroll(bar);
    expect(hint('before')).toBeNull();
    expect(hint('after')).not.toBeNull();
    bar.scrollLeft = 150;
    fireEvent.scroll(bar);
    expect(hint('before')).not.toBeNull();
    expect(hint('after')).not.toBeNull();
    bar.scrollLeft = 300;
    fireEvent.scroll(bar);
    expect(hint('before')).not.toBeNull();
    expect(hint('after')).toBeNull();

    // Cool-down half hidden under the right fade: a jump there scrolls the bar until it is clear of it.
    bar.scrollLeft = 0;
    const box = (left: number, width: number) => DOMRect.fromRect({ x: left, y: 0, width, height: 40 });
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(box(0, 300));
    const coolDown = within(nav).getByRole('link', { name: 'Cool-down' });
    vi.spyOn(coolDown, 'getBoundingClientRect').mockReturnValue(box(250, 110));
    await user.click(coolDown);
    expect(bar.scrollLeft).toBe(100);
  });

  it('collapses techniques and drills, and opens them on click', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPlan();
    const techniques = section('Techniques');
    const description = within(techniques).getByText('Break the posture, cut the knee across and sweep.');
    expect(description).not.toBeVisible();
    await user.click(within(techniques).getByText('Scissor sweep'));
    expect(description).toBeVisible();
    expect(within(techniques).getByText('Pull the sleeve across')).toBeVisible();
    expect(within(techniques).getByText('Keep the knees pinched')).not.toBeVisible();

    const drills = section('Drills');
    const focus = within(drills).getByText('Grips');
    expect(focus).not.toBeVisible();
    // Native disclosures: the browser opens them with Enter and Space as well.
    expect(within(drills).getByText('Posture break flow').closest('summary')).not.toBeNull();
    await user.click(within(drills).getByText('Posture break flow'));
    expect(focus).toBeVisible();
    expect(within(drills).getByRole('group', { name: 'Timer: Drills: Posture break flow' })).toBeVisible();
  });

  it('lists the sparring guidelines split on semicolons', async () => {
    await renderPlan();
    const items = within(section('Sparring')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Start in closed guard',
      'Reset after a sweep or a pass',
      'Tap early, tap often',
    ]);
    expect(splitGuidelines(' a ;; b;')).toEqual(['a', 'b']);
  });

  it('puts a timer on each timed part, with the default minutes when a duration has no number', async () => {
    await renderPlan();
    const clocks = screen.getAllByRole('timer').map((clock) => clock.textContent);
    expect(clocks).toEqual(['12:00', '06:00', '05:00', '10:00']);
    expect(within(timer('Warm-up: Shrimp and bridge lines')).getByRole('timer')).toHaveTextContent('12:00');
    expect(within(timer('Drills: Sweep reps')).getByRole('timer')).toHaveTextContent('05:00');
    // Sparring has the round timer instead, its rounds and the rests between them filling the sparring's
    // 15 minutes: 3 × 04:20 and 2 × 01:00.
    const rounds = screen.getByRole('group', { name: 'Round timer: Sparring: Positional guard rounds' });
    expect(rounds).toHaveTextContent('Planned: 3 × 04:20, rest 01:00.');
    expect(within(rounds).getByRole('spinbutton', { name: 'Rounds' })).toHaveValue(3);
    expect(within(timer('Cool-down: Breathing and stretching')).getByRole('timer')).toHaveTextContent('10:00');
    expect(within(section('Drills')).getAllByText('5 min')).toHaveLength(1);
  });

  it("offers 'Search Videos' on each technique", async () => {
    await renderPlan();
    const buttons = within(section('Techniques')).getAllByRole('button', { name: /^Search Videos/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Search Videos: Scissor sweep',
      'Search Videos: Armbar from closed guard',
    ]);
    expect(buttons[0]).toHaveTextContent('Search Videos');
  });

  it("posts feedback and alerts 'Feedback recorded: Helpful' or 'Feedback recorded: Not Helpful'", async () => {
    const { calls } = stubFetch({ [FEEDBACK]: () => json(204, undefined) });
    const user = userEvent.setup({ delay: null });
    await renderPlan();
    await user.click(screen.getByRole('button', { name: 'Helpful' }));
    await closeAlert(user, 'Feedback recorded: Helpful');
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Helpful' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Not Helpful' }));
    await closeAlert(user, 'Feedback recorded: Not Helpful');
    expect(screen.getByRole('button', { name: 'Not Helpful' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.body)).toEqual([{ helpful: true }, { helpful: false }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says in place when the feedback is refused, and alerts nothing', async () => {
    stubFetch({ [FEEDBACK]: () => problem(403, 'Only the instructor of this session can rate its plan.') });
    const user = userEvent.setup({ delay: null });
    await renderPlan();
    await user.click(screen.getByRole('button', { name: 'Not Helpful' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your feedback was not recorded: Only the instructor of this session can rate its plan.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('speaks Polish', async () => {
    stubFetch({ [FEEDBACK]: () => json(204, undefined) });
    const user = userEvent.setup({ delay: null });
    await renderPlan('pl');
    const nav = screen.getByRole('navigation', { name: 'Części planu zajęć' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Rozgrzewka', 'Techniki', 'Ćwiczenia', 'Sparingi', 'Wyciszenie']);
    expect(screen.getByText('Łączny czas: 60 min')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Zasady' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Szukaj filmów/ })).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Minutnik: Rozgrzewka: Shrimp and bridge lines' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pomocny' }));
    await closeAlert(user, 'Zapisano opinię: Pomocny', 'OK');
  });
});
