import { describe, expect, it } from 'vitest';
import {
  defaultRegisterValues,
  firstInvalidField,
  formBmi,
  isPremiumPlan,
  registerPayload,
  roleFromQuery,
  validateRegisterForm,
  type RegisterFormValues,
} from './register-form-model';

const TODAY = new Date('2025-06-15T12:00:00Z');

const valid: RegisterFormValues = {
  ...defaultRegisterValues('Instructor'),
  email: 'ana@example.com',
  password: 'secret123',
  fighterName: 'Ana Silva',
  height: '180',
  weight: '80',
  birthdate: '1995-04-12',
};

describe('register form model', () => {
  it('reads the role from the query in any case, and falls back to Instructor', () => {
    expect(roleFromQuery('Student')).toBe('Student');
    expect(roleFromQuery('STUDENT')).toBe('Student');
    expect(roleFromQuery('instructor')).toBe('Instructor');
    expect(roleFromQuery('admin')).toBe('Instructor');
    expect(roleFromQuery('')).toBe('Instructor');
    expect(roleFromQuery(null)).toBe('Instructor');
  });

  it('knows the premium plan only by its name', () => {
    expect(isPremiumPlan('premium')).toBe(true);
    expect(isPremiumPlan('Premium')).toBe(true);
    expect(isPremiumPlan('free')).toBe(false);
    expect(isPremiumPlan(null)).toBe(false);
  });

  it('starts from the spec defaults', () => {
    expect(defaultRegisterValues('Student')).toEqual({
      role: 'Student',
      email: '',
      password: '',
      fighterName: '',
      height: '0',
      weight: '0',
      gender: 'Male',
      birthdate: '',
      maxWorkoutDuration: '5',
      experience: 0,
      beltColor: 'White',
    });
  });

  it('has no BMI until both height and weight are above 0', () => {
    expect(formBmi({ height: '0', weight: '0' })).toBeNull();
    expect(formBmi({ height: '180', weight: '' })).toBeNull();
    expect(formBmi({ height: '180', weight: '80' })).toBe(24.69);
  });

  it('accepts a complete form', () => {
    expect(validateRegisterForm(valid, TODAY)).toEqual({});
  });

  it('requires every field, with height, weight and sparring duration above 0', () => {
    const errors = validateRegisterForm(
      { ...defaultRegisterValues('Instructor'), maxWorkoutDuration: '0', fighterName: '   ' },
      TODAY,
    );
    expect(errors).toEqual({
      email: [{ key: 'register.errors.emailRequired' }],
      password: [{ key: 'register.errors.passwordRequired' }],
      fighterName: [{ key: 'register.errors.nameRequired' }],
      birthdate: [{ key: 'register.errors.birthdateRequired' }],
      height: [{ key: 'register.errors.heightRequired' }],
      weight: [{ key: 'register.errors.weightRequired' }],
      maxWorkoutDuration: [{ key: 'register.errors.durationRequired' }],
    });
    expect(firstInvalidField(errors)).toBe('email');
  });

  it('applies the contract limits', () => {
    const errors = validateRegisterForm(
      {
        ...valid,
        email: 'not-an-email',
        password: '12345678',
        fighterName: 'x'.repeat(101),
        height: '251',
        weight: '14',
        maxWorkoutDuration: '2.5',
        birthdate: '2024-01-01',
      },
      TODAY,
    );
    expect(errors).toEqual({
      email: [{ key: 'register.errors.emailInvalid' }],
      password: [{ key: 'register.errors.password.PasswordRequiresLetter', values: { min: 8, max: 128 } }],
      fighterName: [{ key: 'register.errors.nameTooLong', values: { max: 100 } }],
      birthdate: [{ key: 'register.errors.birthdateRange', values: { min: 3, max: 100 } }],
      height: [{ key: 'register.errors.heightRange', values: { min: 50, max: 250 } }],
      weight: [{ key: 'register.errors.weightRange', values: { min: 15, max: 300 } }],
      maxWorkoutDuration: [{ key: 'register.errors.durationRange', values: { min: 1, max: 240 } }],
    });
  });

  it('refuses a date that is not on the calendar', () => {
    expect(validateRegisterForm({ ...valid, birthdate: '1995-02-30' }, TODAY).birthdate).toEqual([
      { key: 'register.errors.birthdateInvalid' },
    ]);
  });

  it('builds the payload with numbers as numbers', () => {
    expect(
      registerPayload({ ...valid, email: ' ana@example.com ', fighterName: ' Ana Silva ', experience: 2 }),
    ).toEqual({
      email: 'ana@example.com',
      password: 'secret123',
      fighterRole: 'Instructor',
      fighterName: 'Ana Silva',
      height: 180,
      weight: 80,
      bmi: 24.69,
      gender: 'Male',
      birthdate: '1995-04-12',
      maxWorkoutDuration: 5,
      experience: 2,
      beltColor: 'White',
    });
  });
});
