/** Query keys of the coach feature: the session's lesson plan and its technique searches. */
export const coachKeys = {
  all: ['coach'] as const,
  curriculum: (sessionId: number) => [...coachKeys.all, 'curriculum', sessionId] as const,
  search: (sessionId: number, techniqueName: string) => [...coachKeys.all, 'search', sessionId, techniqueName] as const,
};
