import type { Fighter, FighterProfileResponse, ManageInfoResponse } from '@openmat/contract/auth';
import { roleNumber } from '@openmat/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNavigation } from '@/lib/navigation';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { ProfileScreen } from './profile-screen';

const ME = '/api/fighter/me';

/** What external sign-in leaves: an instructor with a name and nothing else. */
const EMPTY_INSTRUCTOR: Fighter = {
  id: 12,
  fighterName: 'New Coach',
  height: null,
  weight: null,
  bmi: null,
  gender: null,
  birthdate: null,
  fighterRole: 'Instructor',
  maxWorkoutDuration: null,
  beltColor: null,
  experience: null,
};

const COMPLETED: Fighter = {
  ...EMPTY_INSTRUCTOR,
  fighterName: 'Ana Silva',
  height: 180,
  weight: 80,
  bmi: 24.69,
  gender: 'Female',
  birthdate: '1990-06-15',
  maxWorkoutDuration: 6,
  beltColor: 'Blue',
  experience: 1,
};

const answer = (fighter: Fighter | null, complete: boolean, refreshTokens = false): FighterProfileResponse => ({
  fighter,
  complete,
  refreshTokens,
});

const userInfo = (fighter: Fighter | null): ManageInfoResponse => ({
  userInfo: { email: 'coach@example.com', isEmailConfirmed: true },
  fighterInfo: fighter && {
    id: fighter.id,
    fighterName: fighter.fighterName,
    role: roleNumber(fighter.fighterRole),
    beltColor: fighter.beltColor,
    birthdate: fighter.birthdate,
    height: fighter.height,
    weight: fighter.weight,
    gender: fighter.gender,
    experience: fighter.experience,
  },
});

beforeEach(() => {
  connectNavigation(vi.fn());
  useAuthStore.setState({
    ...signedOut,
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    loginStatus: 'authenticated',
    user: { email: 'coach@example.com', isEmailConfirmed: true, fighterInfo: userInfo(EMPTY_INSTRUCTOR).fighterInfo },
  });
});
afterEach(() => vi.restoreAllMocks());

async function renderScreen(): Promise<UserEvent> {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<ProfileScreen />, { path: '/profile' });
  return user;
}

async function replace(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/** Fills the fields an empty profile lacks; height and weight through the form, then tab for the BMI. */
async function fillProfile(user: UserEvent) {
  await replace(user, screen.getByLabelText('Name'), 'Ana Silva');
  await user.type(screen.getByLabelText('Date of birth'), '1990-06-15');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.selectOptions(screen.getByLabelText('Belt'), 'Blue');
  await user.selectOptions(screen.getByLabelText('Training experience'), '2 to 5 years');
  await replace(user, screen.getByLabelText('Sparring duration (minutes)'), '6');
  await replace(user, screen.getByLabelText('Height (cm)'), '180');
  await replace(user, screen.getByLabelText('Weight (kg)'), '80');
  await user.tab();
}

async function submitAndConfirm(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Save profile' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure all of your details are correct?' });
  expect(dialog).toHaveTextContent('*You cannot update your details once submitted!');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('ProfileScreen', () => {
  it("fills and submits an external-sign-in instructor's empty profile, then shows it complete", async () => {
    let release: () => void = () => undefined;
    const { callsTo } = stubFetch({
      [`GET ${ME}`]: [() => json(200, answer(EMPTY_INSTRUCTOR, false)), () => json(200, answer(COMPLETED, true))],
      [`PUT ${ME}`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, answer(COMPLETED, true)));
        }),
      'GET /api/auth/v1/manage/info': () => json(200, userInfo(COMPLETED)),
    });
    const user = await renderScreen();

    expect(await screen.findByRole('form', { name: 'Fighter profile' })).toBeInTheDocument();
    expect(screen.getByText('Your profile is incomplete. Fill in the details below to complete it.')).toBeVisible();
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Instructor');
    expect(screen.getByLabelText('Name')).toHaveValue('New Coach');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('');
    expect(screen.getByLabelText('BMI')).toHaveValue('–');
    expect(screen.getByLabelText('BMI')).toHaveAttribute('readonly');

    await fillProfile(user);
    expect(screen.getByLabelText('BMI')).toHaveValue('24.69');
    await submitAndConfirm(user);

    // Loading: the button says so and cannot be pressed twice.
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('status')).toHaveTextContent('Your profile is complete.');
    expect(callsTo(`PUT ${ME}`)[0]?.body).toEqual({
      fighterName: 'Ana Silva',
      height: 180,
      weight: 80,
      bmi: 24.69,
      gender: 'Female',
      birthdate: '1990-06-15',
      maxWorkoutDuration: 6,
      experience: 1,
      beltColor: 'Blue',
    });
    expect(callsTo(`PUT ${ME}`)[0]?.headers.authorization).toBe('Bearer access-1');
    // The profile already existed, so the tokens stay; user info is reloaded for the header.
    expect(callsTo('POST /api/auth/v1/refresh')).toHaveLength(0);
    await waitFor(() => expect(useAuthStore.getState().user?.fighterInfo?.height).toBe(180));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Your details cannot be changed once submitted.')).toBeInTheDocument();
    expect(screen.getByText('Ana Silva')).toBeInTheDocument();
  });

  it('puts converted feet and pounds into height and weight, and recomputes the BMI', async () => {
    stubFetch({ [`GET ${ME}`]: () => json(200, answer(EMPTY_INSTRUCTOR, false)) });
    const user = await renderScreen();
    await user.click(await screen.findByText('Know your height in feet or your weight in pounds? Convert them'));
    await user.type(screen.getByLabelText('Height (ft)'), '6');
    await user.click(screen.getByRole('button', { name: 'Use as height' }));
    await user.type(screen.getByLabelText('Weight (lb)'), '180');
    await user.click(screen.getByRole('button', { name: 'Use as weight' }));
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('182.9');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('81.6');
    expect(screen.getByLabelText('BMI')).toHaveValue('24.39');
  });

  it('refuses an implausible height or weight as it is typed (issue 22)', async () => {
    stubFetch({ [`GET ${ME}`]: () => json(200, answer(EMPTY_INSTRUCTOR, false)) });
    const user = await renderScreen();
    const height = await screen.findByLabelText('Height (cm)');
    await user.type(height, '300');
    expect(height).toHaveAccessibleDescription('Height must be between 50 and 250 cm.');
    await replace(user, height, '18');
    expect(height).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(height).toHaveAccessibleDescription('Height must be between 50 and 250 cm.');
    const weight = screen.getByLabelText('Weight (kg)');
    await user.type(weight, '999');
    expect(weight).toHaveAccessibleDescription('Weight must be between 15 and 300 kg.');
  });

  it('shows the required-field messages inline and sends nothing', async () => {
    const { callsTo } = stubFetch({ [`GET ${ME}`]: () => json(200, answer(EMPTY_INSTRUCTOR, false)) });
    const user = await renderScreen();
    await user.clear(await screen.findByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Enter your date of birth.');
    expect(screen.getByLabelText('Height (cm)')).toHaveAccessibleDescription('Enter your height in centimetres.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(`PUT ${ME}`)).toHaveLength(0);
  });

  it("lists the server's messages when it refuses the profile", async () => {
    stubFetch({
      [`GET ${ME}`]: () => json(200, answer(EMPTY_INSTRUCTOR, false)),
      [`PUT ${ME}`]: () =>
        json(400, {
          type: 'about:blank',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { birthdate: ['Birthdates must give an age between 3 and 100 years.'] },
        }),
    });
    const user = await renderScreen();
    await screen.findByRole('form', { name: 'Fighter profile' });
    await fillProfile(user);
    await submitAndConfirm(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Birthdates must give an age between 3 and 100 years.');
    expect(alert).toHaveTextContent('Check console for details');
    expect(takeConsoleErrors().join()).toContain('ApiError');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });

  it('creates a student profile for an account without one, then refreshes the tokens', async () => {
    useAuthStore.setState({ user: { email: 'coach@example.com', isEmailConfirmed: true, fighterInfo: null } });
    const created: Fighter = { ...COMPLETED, id: 30, fighterRole: 'Student' };
    const { callsTo } = stubFetch({
      [`GET ${ME}`]: [() => json(200, answer(null, false)), () => json(200, answer(created, true))],
      [`PUT ${ME}`]: () => json(200, answer(created, true, true)),
      'POST /api/auth/v1/refresh': () =>
        json(200, { tokenType: 'Bearer', accessToken: 'access-2', expiresIn: 3600, refreshToken: 'refresh-2' }),
      'GET /api/auth/v1/manage/info': () => json(200, userInfo(created)),
    });
    const user = await renderScreen();
    expect(
      await screen.findByText('Your account has no fighter profile yet. Completing it creates a student profile.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Student');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await fillProfile(user);
    await submitAndConfirm(user);

    expect(await screen.findByRole('status')).toHaveTextContent('Your profile is complete.');
    expect(callsTo('POST /api/auth/v1/refresh')[0]?.body).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(callsTo('GET /api/auth/v1/manage/info')[0]?.headers.authorization).toBe('Bearer access-2');
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'access-2',
      user: { fighterInfo: { id: 30, role: 0 } },
    });
  });

  it('shows a complete profile read-only, in Polish too', async () => {
    stubFetch({ [`GET ${ME}`]: () => json(200, answer(COMPLETED, true)) });
    await renderWithApp(<ProfileScreen />, { path: '/profile', language: 'pl' });
    expect(await screen.findByText('Po zapisaniu danych nie można ich zmienić.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Niebieski')).toBeInTheDocument();
    expect(screen.getByText('24,69')).toBeInTheDocument();
    expect(screen.getByText('15 cze 1990')).toBeInTheDocument();
  });

  it('shows the date of birth as a date in the reader’s language, not as raw ISO', async () => {
    stubFetch({ [`GET ${ME}`]: () => json(200, answer(COMPLETED, true)) });
    await renderWithApp(<ProfileScreen />, { path: '/profile' });
    expect(await screen.findByText('Jun 15, 1990')).toBeInTheDocument();
    expect(screen.queryByText('1990-06-15')).toBeNull();
  });
});
