import { Curriculum } from '@openmat/contract/coaching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { coachKeys } from './coach-keys';

/** `GET /vid/api/video/session/{sessionId}/generate`: composes, saves and answers a new lesson plan. */
export function generateCurriculum(sessionId: number): Promise<Curriculum> {
  return apiRequest(`/vid/api/video/session/${sessionId}/generate`, { schema: Curriculum });
}

/** Generates the plan and puts it in the cache, so that `useCurriculum` shows it at once. */
export function useGenerateCurriculum(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateCurriculum(sessionId),
    onSuccess: (plan) => queryClient.setQueryData(coachKeys.curriculum(sessionId), plan),
  });
}
