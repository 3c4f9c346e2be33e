import type { PlanRequest } from '../../src/coach/plan/compose-plan.js';

/** The day the plan tests count ages on. */
export const PLAN_TODAY = new Date('2026-03-01T12:00:00Z');

/** A plan request for a one-hour beginners' gi class with no roster and no history, changed by `overrides`. */
export function planRequest(overrides: Partial<PlanRequest> = {}): PlanRequest {
  return {
    sessionMinutes: 60,
    targetLevel: 'Beginner',
    attire: 'gi',
    roster: [],
    recentTechniqueIds: [],
    weaknessTags: [],
    language: 'en',
    seed: 1,
    today: PLAN_TODAY,
    ...overrides,
  };
}
