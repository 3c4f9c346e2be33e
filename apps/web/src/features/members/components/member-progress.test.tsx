import type { MemberDetails } from '@openmat/contract/members';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { MemberPage } from './member-page';

const details = (overrides: Partial<MemberDetails> = {}): MemberDetails => ({
  fighter: {
    id: 5,
    fighterName: 'Stella Nowak',
    height: 166,
    weight: 61,
    bmi: null,
    gender: 'Female',
    birthdate: '1995-02-03',
    fighterRole: 'Student',
    maxWorkoutDuration: null,
    beltColor: 'Blue',
    experience: 1,
  },
  isWalkIn: false,
  classesLast30Days: 1,
  classesTotal: 3,
  lastAttended: '2025-03-10T18:00:00.000Z',
  attendance: [],
  videos: [],
  belt: 'Blue',
  stripes: 2,
  promotions: [
    { id: 1, belt: 'Blue', stripes: 2, promotedOn: '2024-11-02', note: 'Sharp guard', recordedBy: 'Coach Ana' },
  ],
  weighIns: [{ id: 1, weighedOn: '2025-03-01', weightKg: 61.5 }],
  dossier: {
    belt: 'Blue',
    stripes: 2,
    since: '2024-11-02',
    daysAtBelt: 130,
    classesSincePromotion: 42,
    minDays: 730,
    minClasses: null,
    ready: false,
    rolls: [
      {
        videoId: 4,
        description: 'Roll with Ola',
        uploadTimestamp: '2025-03-11T10:00:00.000Z',
        coachNotes: ['Frame before you shrimp'],
      },
    ],
  },
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe('MemberPage: belts, stripes and weigh-ins', () => {
  it('shows the belt with stripes, the belt history, the weigh-ins and the dossier to the instructor', async () => {
    stubFetch({ 'GET /api/members/5': () => json(200, details()) });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'Stella Nowak' })).parentElement;
    expect(header).toHaveTextContent('Blue belt · 2 stripes');
    const history = screen.getByRole('list', { name: 'Belt history' });
    expect(history).toHaveTextContent('Blue belt · 2 stripes');
    expect(history).toHaveTextContent('Sharp guard');
    expect(history).toHaveTextContent('by Coach Ana');
    expect(screen.getByRole('list', { name: 'Weigh-ins' })).toHaveTextContent('61.5 kg');
    expect(screen.getByText('130 days')).toBeVisible();
    expect(screen.getByText('The academy asks for 730 days at the belt.')).toBeVisible();
    expect(screen.getByText('Frame before you shrimp')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Roll with Ola' })).toHaveAttribute('href', '/video-review/4');
  });

  it('records a promotion with belt, stripes, date and note; a refusal shows inline', async () => {
    let refuse = true;
    const http = stubFetch({
      'GET /api/members/5': () => json(200, details()),
      'POST /api/members/5/promotions': () =>
        refuse
          ? problem(400, 'Bad Request', { promotedOn: ['The date cannot be in the future.'] })
          : json(201, details({ belt: 'Purple', stripes: 0 })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a promotion' });
    // An adult is not offered the kids' belts.
    expect(within(form).queryByRole('option', { name: 'Grey belt' })).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Belt'), 'Purple belt');
    await user.selectOptions(within(form).getByLabelText('Stripes'), '1');
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2025-03-01');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Ready for more');
    await user.click(within(form).getByRole('button', { name: 'Record promotion' }));
    expect(await within(form).findByText('The date cannot be in the future.')).toBeVisible();
    expect(within(form).getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Record promotion' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/5/promotions')).toHaveLength(2));
    expect(http.callsTo('POST /api/members/5/promotions')[1]?.body).toEqual({
      belt: 'Purple',
      stripes: 1,
      promotedOn: '2025-03-01',
      note: 'Ready for more',
    });
    expect(await screen.findByText('Promotion recorded')).toBeVisible();
  });

  it('offers the kids’ belts for a member under 16', async () => {
    stubFetch({
      'GET /api/members/5': () => json(200, details({ fighter: { ...details().fighter, birthdate: '2016-05-05' } })),
    });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a promotion' });
    expect(within(form).getByRole('option', { name: 'Grey-white belt' })).toBeInTheDocument();
  });

  /** A calendar day `YYYY-MM-DD` in the reader's time zone, as the form's date field holds it. */
  const calendarDay = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const withFighter = (fighter: Partial<MemberDetails['fighter']>, rest: Partial<MemberDetails> = {}) =>
    details({ fighter: { ...details().fighter, ...fighter }, ...rest });

  it('offers no kids’ belts when the birth date is not on file, as the server refuses them, and says why', async () => {
    stubFetch({ 'GET /api/members/5': () => json(200, withFighter({ birthdate: null })) });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a promotion' });
    expect(within(form).queryByRole('option', { name: 'Grey-white belt' })).toBeNull();
    expect(within(form).getByLabelText('Belt')).toHaveAccessibleDescription(
      "Kids' belts need the member's birth date on file.",
    );
  });

  it('offers the kids’ belts by the age on the promotion’s day, not today', async () => {
    const now = new Date();
    // Sixteen since ten days ago; fifteen twenty days ago.
    const birthdate = calendarDay(new Date(now.getFullYear() - 16, now.getMonth(), now.getDate() - 10));
    const earlier = calendarDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 20));
    const http = stubFetch({
      'GET /api/members/5': () => json(200, withFighter({ birthdate }, { belt: 'Grey', stripes: 4 })),
      'POST /api/members/5/promotions': () => json(201, withFighter({ birthdate }, { belt: 'Yellow', stripes: 0 })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a promotion' });
    expect(within(form).queryByRole('option', { name: 'Yellow belt' })).toBeNull();
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, earlier);
    await user.selectOptions(within(form).getByLabelText('Belt'), 'Yellow belt');
    await user.selectOptions(within(form).getByLabelText('Stripes'), '0');
    await user.click(within(form).getByRole('button', { name: 'Record promotion' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/5/promotions')).toHaveLength(1));
    expect(http.callsTo('POST /api/members/5/promotions')[0]?.body).toEqual({
      belt: 'Yellow',
      stripes: 0,
      promotedOn: earlier,
    });
  });

  it('asks for a belt, rather than showing White, for a member of 16 who holds a kids’ belt', async () => {
    const http = stubFetch({
      'GET /api/members/5': () => json(200, withFighter({ birthdate: '2000-01-01' }, { belt: 'Green', stripes: 2 })),
      'POST /api/members/5/promotions': () => json(201, details({ belt: 'Blue', stripes: 0 })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a promotion' });
    const belt = within(form).getByLabelText('Belt');
    expect(belt).toHaveDisplayValue('Choose a belt');
    expect(within(form).queryByRole('option', { name: 'Green belt' })).toBeNull();
    expect(belt).toHaveAccessibleDescription("Kids' belts are for members under 16 on the day of the promotion.");
    await user.click(within(form).getByRole('button', { name: 'Record promotion' }));
    expect(await within(form).findByText('Choose a belt.')).toBeVisible();
    expect(belt).toHaveAttribute('aria-invalid', 'true');
    expect(http.callsTo('POST /api/members/5/promotions')).toHaveLength(0);
    await user.selectOptions(belt, 'Blue belt');
    expect(belt).toHaveDisplayValue('Blue belt');
    await user.click(within(form).getByRole('button', { name: 'Record promotion' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/5/promotions')).toHaveLength(1));
    expect(http.callsTo('POST /api/members/5/promotions')[0]?.body).toMatchObject({ belt: 'Blue' });
  });

  it('lets the member record a weigh-in, checked before it is sent, and hides the promotion form', async () => {
    const http = stubFetch({
      'GET /api/members/5': () => json(200, details({ dossier: null })),
      'POST /api/members/5/weigh-ins': () => json(201, details({ dossier: null })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<MemberPage fighterId={5} isInstructor={false} />, { path: '/members/5' });
    const form = await screen.findByRole('form', { name: 'Record a weigh-in' });
    expect(screen.queryByRole('form', { name: 'Record a promotion' })).toBeNull();
    expect(screen.queryByText('Promotion dossier')).toBeNull();
    await user.type(within(form).getByLabelText('Weight (kg)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Record weigh-in' }));
    expect(await within(form).findByText('Weight must be between 15 and 300 kg.')).toBeVisible();
    expect(http.callsTo('POST /api/members/5/weigh-ins')).toHaveLength(0);
    const weight = within(form).getByLabelText('Weight (kg)');
    await user.clear(weight);
    await user.type(weight, '62,4');
    await user.click(within(form).getByRole('button', { name: 'Record weigh-in' }));
    await vi.waitFor(() => expect(http.callsTo('POST /api/members/5/weigh-ins')).toHaveLength(1));
    expect(http.callsTo('POST /api/members/5/weigh-ins')[0]?.body).toMatchObject({ weightKg: 62.4 });
    expect(await screen.findByText('Weigh-in recorded')).toBeVisible();
  });

  it('speaks Polish', async () => {
    stubFetch({ 'GET /api/members/5': () => json(200, details()) });
    await renderWithApp(<MemberPage fighterId={5} isInstructor />, { path: '/members/5', language: 'pl' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'Stella Nowak' })).parentElement;
    expect(header).toHaveTextContent('Niebieski pas · 2 belki');
    expect(screen.getByRole('form', { name: 'Zapisz promocję' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Zapisz ważenie' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Gotowość do promocji' })).toBeVisible();
    expect(
      within(screen.getByRole('form', { name: 'Zapisz promocję' })).getByRole('option', { name: 'Fioletowy pas' }),
    ).toBeInTheDocument();
  });
});
