import type { CurriculumFeedback } from '@openmat/contract/coaching';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /vid/api/video/{sessionId}/curriculum/feedback` `{helpful}`: 204, the server stores it. */
export function sendCurriculumFeedback(sessionId: number, feedback: CurriculumFeedback): Promise<null> {
  return apiRequest(`/vid/api/video/${sessionId}/curriculum/feedback`, {
    method: 'POST',
    json: feedback,
    schema: z.null(),
  });
}

export function useCurriculumFeedback(sessionId: number) {
  return useMutation({ mutationFn: (helpful: boolean) => sendCurriculumFeedback(sessionId, { helpful }) });
}
