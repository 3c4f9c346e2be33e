import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickOk, closeAlert } from '@/testing/alert-dialog';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { RegisterForm } from './register-form';

const REGISTER = 'POST /api/fighter/register';

const CREATED_FIGHTER = {
  id: 7,
  fighterName: 'Ana Silva',
  height: 180,
  weight: 80,
  bmi: 24.69,
  gender: 'Female',
  birthdate: '1995-04-12',
  fighterRole: 'Instructor',
  maxWorkoutDuration: 5,
  beltColor: 'Blue',
  experience: 1,
};

const validationProblem = (errors: Record<string, string[]>) =>
  json(400, { type: 'about:blank', title: 'One or more validation errors occurred.', status: 400, errors });

afterEach(() => vi.restoreAllMocks());

async function renderForm(path = '/register', language: 'en' | 'pl' = 'en'): Promise<UserEvent> {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<RegisterForm />, {
    path,
    language,
    routes: [
      { path: '/register', element: <RegisterForm /> },
      { path: '/home', element: <h1>Home page</h1> },
    ],
  });
  return user;
}

async function replace(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/** Fills every field with valid values, changing some of the defaults on the way. */
async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Name'), 'Ana Silva');
  await user.type(screen.getByLabelText('Date of birth'), '1995-04-12');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.selectOptions(screen.getByLabelText('Belt'), 'Blue');
  await user.selectOptions(screen.getByLabelText('Training experience'), '2 to 5 years');
  await replace(user, screen.getByLabelText('Height (cm)'), '180');
  await replace(user, screen.getByLabelText('Weight (kg)'), '80');
}

async function submitAndConfirm(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Register' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
}

describe('RegisterForm', () => {
  it('presets the role from ?role=Student, in any case', async () => {
    await renderForm('/register?role=student');
    expect(screen.getByRole('radio', { name: 'Student' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Instructor' })).not.toBeChecked();
    expect(screen.queryByText(/free during the beta/)).toBeNull();
  });

  it('defaults to Instructor and the spec defaults, whatever else ?role= says', async () => {
    await renderForm('/register?role=admin');
    expect(screen.getByRole('radio', { name: 'Instructor' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'I am registering as' })).toBeInTheDocument();
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('0');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('0');
    expect(screen.getByLabelText('BMI')).toHaveValue('–');
    expect(screen.getByLabelText('BMI')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByLabelText('Sparring duration (minutes)')).toHaveValue(5);
    expect(screen.getByLabelText('Training experience')).toHaveDisplayValue('Less than 2 years');
    expect(screen.getByLabelText('Belt')).toHaveDisplayValue('White');
  });

  it('lets the keyboard switch the role with the arrow keys', async () => {
    const user = await renderForm('/register');
    await user.click(screen.getByRole('radio', { name: 'Instructor' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Student' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Student' })).toHaveFocus();
  });

  it('notes that Instructor Premium is free during the beta for ?plan=premium', async () => {
    await renderForm('/register?role=Instructor&plan=premium');
    expect(
      screen.getByText('Instructor Premium is free during the beta: every instructor feature, at no cost.'),
    ).toBeInTheDocument();
  });

  it('recalculates the BMI when height or weight loses focus (80 kg, 180 cm: 24.69)', async () => {
    const user = await renderForm();
    const bmi = screen.getByLabelText('BMI');
    await replace(user, screen.getByLabelText('Height (cm)'), '180');
    await replace(user, screen.getByLabelText('Weight (kg)'), '80');
    expect(bmi).toHaveValue('–');
    await user.tab();
    expect(bmi).toHaveValue('24.69');

    await replace(user, screen.getByLabelText('Weight (kg)'), '90');
    expect(bmi).toHaveValue('24.69');
    await user.tab();
    expect(bmi).toHaveValue('27.78');

    // A decimal comma counts as the point (a Polish keyboard's), not dropped: 72,5 kg is 72.5 kg.
    await replace(user, screen.getByLabelText('Weight (kg)'), '72,5');
    await user.tab();
    expect(bmi).toHaveValue('22.38');
  });

  it('converts feet and pounds and puts the results into height and weight', async () => {
    const user = await renderForm();
    const summary = screen.getByText('Know your height in feet or your weight in pounds? Convert them');
    const feet = screen.getByLabelText('Height (ft)');
    expect(feet).not.toBeVisible();
    await user.click(summary);
    expect(feet).toBeVisible();

    const useHeight = screen.getByRole('button', { name: 'Use as height' });
    expect(useHeight).toBeDisabled();
    await user.type(feet, '6');
    expect(screen.getByText('182.9 cm')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Weight (lb)'), '180');
    expect(screen.getByText('81.6 kg')).toBeInTheDocument();

    await user.click(useHeight);
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('182.9');
    expect(screen.getByLabelText('BMI')).toHaveValue('–');
    await user.click(screen.getByRole('button', { name: 'Use as weight' }));
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('81.6');
    expect(screen.getByLabelText('BMI')).toHaveValue('24.39');
  });

  it('shows the required-field messages inline and opens no dialog', async () => {
    const { calls } = stubFetch({});
    const user = await renderForm();
    await user.clear(screen.getByLabelText('Sparring duration (minutes)'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters, with a letter and a digit. Enter a password.',
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'The name your instructor and training partners will see. Enter your name.',
    );
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Enter your date of birth.');
    expect(screen.getByLabelText('Height (cm)')).toHaveAccessibleDescription('Enter your height in centimetres.');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAccessibleDescription('Enter your weight in kilograms.');
    expect(screen.getByText('Enter the sparring duration in minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Typing into a field takes its message away.
    await user.type(email, 'ana@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Enter your e-mail address.')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('checks the limits and the password policy before asking', async () => {
    const user = await renderForm();
    await fillValidForm(user);
    await replace(user, screen.getByLabelText('Password'), 'abcdefg');
    await replace(user, screen.getByLabelText('Height (cm)'), '20');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      screen.getByText("Passwords must be at least 8 characters. Passwords must have at least one digit ('0'-'9')."),
    ).toBeInTheDocument();
    expect(screen.getByText('Height must be between 50 and 250 cm.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('refuses an implausible height or weight as it is typed, before any submit (issue 22)', async () => {
    const user = await renderForm();
    const height = screen.getByLabelText('Height (cm)');
    await replace(user, height, '2500');
    expect(screen.getByText('Height must be between 50 and 250 cm.')).toBeInTheDocument();
    expect(height).toHaveAttribute('aria-invalid', 'true');
    // Taking the extra digit away makes it plausible again at once.
    await user.type(height, '{Backspace}');
    expect(screen.queryByText('Height must be between 50 and 250 cm.')).toBeNull();

    // "18" may still become "180": below the minimum is refused only when the field is left.
    const weight = screen.getByLabelText('Weight (kg)');
    await replace(user, weight, '8');
    expect(screen.queryByText('Weight must be between 15 and 300 kg.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Weight must be between 15 and 300 kg.')).toBeInTheDocument();
    await replace(user, weight, '400');
    expect(screen.getByText('Weight must be between 15 and 300 kg.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for confirmation, and Cancel sends nothing', async () => {
    const { calls } = stubFetch({});
    const user = await renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure all of your details are correct?' });
    expect(dialog).toHaveAccessibleDescription('*You cannot update your details once submitted!');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toHaveFocus());
  });

  it('sends the exact payload on Confirm, shows the pending state, then alerts and goes to /home', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls, callsTo } = stubFetch({
      [REGISTER]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await renderForm('/register');
    await fillValidForm(user);
    await submitAndConfirm(user);

    const pending = await screen.findByRole('button', { name: 'Registering...' });
    expect(pending).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(callsTo(REGISTER)[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'secret123',
      fighterRole: 'Instructor',
      fighterName: 'Ana Silva',
      height: 180,
      weight: 80,
      bmi: 24.69,
      gender: 'Female',
      birthdate: '1995-04-12',
      maxWorkoutDuration: 5,
      experience: 1,
      beltColor: 'Blue',
    });

    answer(json(201, CREATED_FIGHTER));
    const alert = await screen.findByRole('alertdialog', { name: 'Registration successful!' });
    // The page stays until the alert is closed, then goes on to /home.
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
    await clickOk(user, alert);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends the role chosen by the user', async () => {
    const { callsTo } = stubFetch({ [REGISTER]: () => json(201, { ...CREATED_FIGHTER, fighterRole: 'Student' }) });
    const user = await renderForm('/register?role=Instructor');
    await user.click(screen.getByRole('radio', { name: 'Student' }));
    await fillValidForm(user);
    await submitAndConfirm(user);
    await closeAlert(user, 'Registration successful!');
    await screen.findByRole('heading', { name: 'Home page' });
    expect(callsTo(REGISTER)[0]?.body).toMatchObject({ fighterRole: 'Student' });
  });

  it('lists the server errors with the console hint, and editing the email clears them', async () => {
    stubFetch({
      [REGISTER]: () =>
        validationProblem({
          PasswordTooShort: ['Passwords must be at least 8 characters.'],
          DuplicateUserName: ["Username 'ana@example.com' is already taken."],
          height: ['Height must be between 50 and 250 cm.'],
        }),
    });
    const user = await renderForm();
    await fillValidForm(user);
    await submitAndConfirm(user);

    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Passwords must be at least 8 characters.',
      "Username 'ana@example.com' is already taken.",
      'Height must be between 50 and 250 cm.',
    ]);
    expect(alert).toHaveTextContent('Check console for details');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(takeConsoleErrors()).toEqual(['ApiError: One or more validation errors occurred.']);

    // Other fields leave the messages; the e-mail clears them.
    await user.type(screen.getByLabelText('Name'), ' Jr');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'm');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the server errors when the password is edited', async () => {
    stubFetch({ [REGISTER]: () => validationProblem({ DuplicateUserName: ['Taken.'] }) });
    const user = await renderForm();
    await fillValidForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Taken.');
    expect(takeConsoleErrors()).toHaveLength(1);
    await user.type(screen.getByLabelText('Password'), '4');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a network failure as a generic error with status 500', async () => {
    stubFetch({ [REGISTER]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = await renderForm();
    await fillValidForm(user);
    await submitAndConfirm(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error 500: Failed to fetch');
    expect(alert).toHaveTextContent('Check console for details');
    expect(takeConsoleErrors()).toEqual(['TypeError: Failed to fetch']);
  });

  it('shows another failed answer with its own status', async () => {
    stubFetch({
      [REGISTER]: () =>
        json(429, { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Slow down.' }),
    });
    const user = await renderForm();
    await fillValidForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error 429: Slow down.');
    expect(takeConsoleErrors()).toEqual(['ApiError: Slow down.']);
  });

  it('speaks Polish', async () => {
    const user = await renderForm('/register?role=Student&plan=premium', 'pl');
    expect(screen.getByRole('radio', { name: 'Uczeń' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Mężczyzna' })).toBeChecked();
    expect(screen.getByLabelText('Wzrost (cm)')).toHaveValue('0');
    expect(screen.getByLabelText('Pas')).toHaveDisplayValue('Biały');
    expect(screen.getByLabelText('Doświadczenie treningowe')).toHaveDisplayValue('Mniej niż 2 lata');
    expect(screen.getByText(/Pakiet Premium dla instruktorów jest bezpłatny/)).toBeInTheDocument();

    await replace(user, screen.getByLabelText('Wzrost (cm)'), '180');
    await replace(user, screen.getByLabelText('Waga (kg)'), '80');
    await user.tab();
    expect(screen.getByLabelText('BMI')).toHaveValue('24,69');

    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Podaj adres e-mail.');
    expect(screen.getByText('Podaj imię i nazwisko.')).toBeInTheDocument();
  });

  it('asks for confirmation in Polish', async () => {
    const { calls } = stubFetch({});
    const user = await renderForm('/register', 'pl');
    await user.type(screen.getByLabelText('E-mail'), 'ola@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'tajne1234');
    await user.type(screen.getByLabelText('Imię i nazwisko'), 'Ola');
    await user.type(screen.getByLabelText('Data urodzenia'), '2000-01-31');
    await replace(user, screen.getByLabelText('Wzrost (cm)'), '165');
    await replace(user, screen.getByLabelText('Waga (kg)'), '60');
    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Czy na pewno wszystkie Twoje dane są poprawne?' });
    expect(within(dialog).getByRole('button', { name: 'Potwierdź' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(calls).toEqual([]);
  });
});
