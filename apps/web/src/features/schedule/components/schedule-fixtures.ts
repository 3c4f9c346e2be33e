import type { RecurringClass } from '@openmat/contract/schedule';

/**
 * A recurring class as the server answers it, for tests: Gi Fundamentals, Monday and Wednesday at 18:00
 * in Warsaw, 60 minutes, for beginners, 24 places. A test changes what it is about.
 */
export function recurringClassFixture(overrides: Partial<RecurringClass> = {}): RecurringClass {
  return {
    id: 3,
    name: 'Gi Fundamentals',
    weekdays: [1, 3],
    startTime: '18:00',
    durationMinutes: 60,
    targetLevel: 'Beginner',
    capacity: 24,
    description: '',
    instructorId: 1,
    startsOn: '2026-03-02',
    endsOn: null,
    timeZone: 'Europe/Warsaw',
    ...overrides,
  };
}
