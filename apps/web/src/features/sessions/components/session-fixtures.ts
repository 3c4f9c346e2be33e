import type { Fighter } from '@openmat/contract/auth';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';

/** Test data: sessions and fighters as the server sends them. */

export const INSTRUCTOR: Fighter = {
  id: 3,
  fighterName: 'Mestre João',
  height: 178,
  weight: 82,
  bmi: 25.88,
  gender: 'Male',
  birthdate: '1980-06-01',
  fighterRole: 'Instructor',
  maxWorkoutDuration: 6,
  beltColor: 'Black',
  experience: 2,
};

/** A session; the training date defaults to 15 March 2025, 18:30 in the browser's time zone. */
export function makeSession(overrides: Partial<TrainingSession> = {}): TrainingSession {
  return {
    id: 1,
    trainingDate: new Date(2025, 2, 15, 18, 30).toISOString(),
    description: 'Guard retention',
    capacity: 20,
    duration: 1.5,
    status: 'Active',
    targetLevel: 'Intermediate',
    instructorId: INSTRUCTOR.id,
    studentIds: [],
    ...overrides,
  };
}

export function makeSessionDetails(overrides: Partial<TrainingSessionDetails> = {}): TrainingSessionDetails {
  return {
    ...makeSession(),
    instructor: INSTRUCTOR,
    students: [],
    walkInIds: [],
    isCurriculumGenerated: false,
    rawFighterPairsJson: null,
    ...overrides,
  };
}

/** A response the test answers later, to look at the pending state in between. */
export function deferredResponse() {
  const box: { resolve: (response: Response) => void } = { resolve: () => undefined };
  const promise = new Promise<Response>((resolve) => {
    box.resolve = resolve;
  });
  return { promise, resolve: (response: Response) => box.resolve(response) };
}
