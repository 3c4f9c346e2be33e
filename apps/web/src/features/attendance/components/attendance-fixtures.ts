import type { TrainingSessionDetails } from '@openmat/contract/sessions';

/** Test data: Coach Ana's beginners' open mat, session 42 on 1 May 2025 at 18:00 UTC, as the server sends it. */
export function makeOpenMat(overrides: Partial<TrainingSessionDetails> = {}): TrainingSessionDetails {
  return {
    id: 42,
    trainingDate: '2025-05-01T18:00:00.000Z',
    description: 'Open mat',
    capacity: 10,
    duration: 1.5,
    status: 'Active',
    targetLevel: 'Beginner',
    instructorId: 1,
    studentIds: [],
    instructor: {
      id: 1,
      fighterName: 'Coach Ana',
      height: 170,
      weight: 65,
      bmi: 22.49,
      gender: 'Female',
      birthdate: '1990-01-01',
      fighterRole: 'Instructor',
      maxWorkoutDuration: 5,
      beltColor: 'Black',
      experience: 2,
    },
    students: [],
    walkInIds: [],
    isCurriculumGenerated: false,
    rawFighterPairsJson: null,
    ...overrides,
  };
}
